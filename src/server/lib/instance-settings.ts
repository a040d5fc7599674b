import type { Kysely } from 'kysely';
import {
  type InstanceSettings,
  type RegistrationPolicy,
  registrationPolicySchema,
} from '#shared/schemas/instance-settings.ts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/schema.ts';
import { nowIso } from './time.ts';

// The instance's settings as stored (instanceSettings: a JSON value per key), read by
// the sign-up (modules/auth) and changed by operators (modules/instance). Nothing is
// cached: every instance on the database reads the current policy.

type Reader = Pick<Kysely<Database>, 'selectFrom'>;
type Writer = Pick<Kysely<Database>, 'insertInto'>;

/** The keys: the console's settings, and the first account's operator claim. */
export type InstanceSettingKey = 'registration' | 'allowedEmailDomains' | 'firstOperator';

const parse = (value: string): unknown => {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
};

const asDomains = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((d) => typeof d === 'string') ? value : undefined;

/**
 * The sign-up policy in force: the console's choice where an operator made one,
 * otherwise REGISTRATION and REGISTRATION_EMAIL_DOMAINS.
 */
export async function effectiveRegistration(db: Reader, config: Config): Promise<InstanceSettings> {
  const rows = await db
    .selectFrom('instanceSettings')
    .select(['key', 'value'])
    .where('key', 'in', ['registration', 'allowedEmailDomains'])
    .execute();
  const stored = new Map(rows.map((r) => [r.key, parse(r.value)]));
  const policy = registrationPolicySchema.safeParse(stored.get('registration'));
  return {
    registration: policy.success ? policy.data : config.registration,
    registrationSource: policy.success ? 'console' : 'env',
    allowedEmailDomains: asDomains(stored.get('allowedEmailDomains')) ?? config.registrationEmailDomains,
  };
}

/** Stores one setting (inserted or replaced), as JSON. */
export async function writeInstanceSetting(
  db: Writer,
  key: InstanceSettingKey,
  value: RegistrationPolicy | string[] | number,
): Promise<void> {
  const now = nowIso();
  const json = JSON.stringify(value);
  await db
    .insertInto('instanceSettings')
    .values({ key, value: json, updatedAt: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updatedAt: now }))
    .execute();
}

/**
 * The first account of a fresh instance becomes its operator. Called in the
 * transaction that creates an account: the `firstOperator` key is inserted once, so of
 * two simultaneous first sign-ups exactly one wins (the other's insert finds the key
 * taken, or waits for it and then does). True when `userId` became the operator.
 */
export async function claimFirstOperator(db: Kysely<Database>, userId: number): Promise<boolean> {
  const claimed = await db
    .insertInto('instanceSettings')
    .values({ key: 'firstOperator', value: String(userId), updatedAt: nowIso() })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  await db.updateTable('users').set({ isOperator: 1 }).where('id', '=', userId).execute();
  return true;
}
