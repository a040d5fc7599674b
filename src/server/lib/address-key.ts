import { createHmac, randomBytes } from 'node:crypto';
import { mailboxForm, normalizeEmail } from '#shared/email-address.ts';
import type { Db } from '../db/client.ts';
import { loadAppSecret } from './app-secrets.ts';

/**
 * The key of address hashes (kept in `appSecrets` as `reminder-email-key`, its first
 * use): the same on every instance, so budgets, caps, unsubscribe links and
 * suppression lists find one address wherever it was written.
 */
export async function loadAddressKeySecret(db: Db): Promise<Buffer> {
  const value = await loadAppSecret(db, 'reminder-email-key', () => randomBytes(32).toString('base64url'));
  return Buffer.from(value, 'base64url');
}

/**
 * Keyed hash of an address in its normalised form (normalizeEmail: trimmed, lower
 * case, no `+tag`, Gmail's dots dropped): what limits and budgets count by.
 */
export const addressKey = (secret: Buffer, address: string): string =>
  createHmac('sha256', secret).update(normalizeEmail(address)).digest('hex');

/**
 * Keyed hash of the exact mailbox (mailboxForm: trimmed, domain in lower case, local
 * part as typed): what a reminder confirmation is of. Prefixed, so it never equals an
 * addressKey.
 */
export const mailboxKey = (secret: Buffer, address: string): string =>
  createHmac('sha256', secret)
    .update(`mailbox:${mailboxForm(address)}`)
    .digest('hex');
