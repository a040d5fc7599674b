import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// A secret the server must read back (a webhook endpoint's signing secret), kept
// sealed with an instance key (lib/app-secrets.ts): AES-256-GCM, a fresh 12-byte nonce
// per seal, the tag checked on opening. A copy of the database alone does not give
// the secrets away, and a tampered value fails to open instead of signing garbage.
// `context` (the row it belongs to) is bound as associated data, so a sealed value
// copied onto another row does not open there.

const VERSION = 'v1';

export function sealSecret(key: Buffer, plain: string, context: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    VERSION,
    nonce.toString('base64url'),
    body.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
  ].join('.');
}

/** The sealed secret's text; throws when the key, the context or the value is not the one it was sealed with. */
export function openSecret(key: Buffer, sealed: string, context: string): string {
  const [version, nonce, body, tag] = sealed.split('.');
  if (version !== VERSION || !nonce || body === undefined || !tag) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
