import { randomBytes } from 'node:crypto';
import type { UploadedFile } from '#shared/schemas/assets.ts';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError, badRequest } from '../../lib/errors.ts';
import { type AddressPolicy, safeFetch } from '../../lib/safe-fetch.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { sniffAllowedType, storedTypeOf } from './file-types.ts';
import { UPLOADS_PREFIX } from './upload-storage.ts';

/**
 * Sniffs the bytes, names them at random, lets `claim` take their size of the
 * quota under that name (uploads/upload-limits.ts), then stores them and returns
 * the public file.
 */
export async function storeUpload(opts: {
  storage: FileStorage;
  bytes: Buffer;
  claim: (name: string, size: number) => Promise<void>;
}): Promise<UploadedFile> {
  const { storage, bytes } = opts;
  if (bytes.length === 0) throw badRequest('FILE_EMPTY', 'The file is empty');
  const type = await sniffAllowedType(bytes);
  const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
  await opts.claim(name, bytes.length);
  await storage.put(name, bytes);
  return { url: `${UPLOADS_PREFIX}${name}`, mimetype: type.mime, size: bytes.length };
}

/**
 * The one answer for a URL that could not be fetched, whatever the reason. Telling
 * "resolves to a private address" from "could not resolve" from "connection
 * refused" from "timed out" would let a user map hosts and ports through the server.
 */
export const FETCH_FAILED_MESSAGE =
  'Could not download from that URL: give the public http:// or https:// address of an image or video';

/** Downloads a URL (SSRF-guarded); any failure but size and type is one generic 400, detailed in the log. */
export async function fetchForUpload(opts: {
  url: string;
  maxBytes: number;
  policy: AddressPolicy;
  log: FastifyBaseLogger;
}): Promise<Buffer> {
  try {
    return (await safeFetch(opts.url, { maxBytes: opts.maxBytes, policy: opts.policy })).bytes;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 413) throw err;
    opts.log.warn(
      { url: opts.url, reason: err instanceof Error ? err.message : String(err) },
      'upload-from-url refused',
    );
    throw badRequest('URL_FETCH_FAILED', FETCH_FAILED_MESSAGE);
  }
}

/** True when `content` is the URL of a file that exists in our upload store. */
export async function isStoredUpload(storage: FileStorage, content: string): Promise<boolean> {
  if (!content.startsWith(UPLOADS_PREFIX)) return false;
  const name = content.slice(UPLOADS_PREFIX.length);
  if (!storedTypeOf(name)) return false;
  return (await storage.size(name)) !== undefined;
}
