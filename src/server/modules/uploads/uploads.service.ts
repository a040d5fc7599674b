import { randomBytes } from 'node:crypto';
import type { UploadedFile } from '#shared/schemas/assets.ts';
import { badRequest } from '../../lib/errors.ts';
import { type AddressPolicy, safeFetch } from '../../lib/safe-fetch.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { sniffAllowedType, storedTypeOf } from './file-types.ts';
import { UPLOADS_PREFIX } from './upload-storage.ts';

/** Sniffs the bytes, stores them under a random name and returns the public file. */
export async function storeUpload(opts: { storage: FileStorage; bytes: Buffer }): Promise<UploadedFile> {
  const { storage, bytes } = opts;
  if (bytes.length === 0) throw badRequest('The file is empty');
  const type = await sniffAllowedType(bytes);
  const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
  await storage.put(name, bytes);
  return { url: `${UPLOADS_PREFIX}${name}`, mimetype: type.mime, size: bytes.length };
}

/** Downloads a URL (SSRF-guarded) and stores it like an upload. */
export async function storeFromUrl(opts: {
  storage: FileStorage;
  url: string;
  maxBytes: number;
  policy: AddressPolicy;
}): Promise<UploadedFile> {
  const { bytes } = await safeFetch(opts.url, { maxBytes: opts.maxBytes, policy: opts.policy });
  return storeUpload({ storage: opts.storage, bytes });
}

/** True when `content` is the URL of a file that exists in our upload store. */
export async function isStoredUpload(storage: FileStorage, content: string): Promise<boolean> {
  if (!content.startsWith(UPLOADS_PREFIX)) return false;
  const name = content.slice(UPLOADS_PREFIX.length);
  if (!storedTypeOf(name)) return false;
  return (await storage.size(name)) !== undefined;
}
