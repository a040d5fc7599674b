import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { UPLOADED_IMAGE_PATH } from '#shared/schemas/settings.ts';
import { type AddressPolicy, safeFetch } from '../../lib/safe-fetch.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { UPLOADS_PREFIX } from '../uploads/index.ts';

// The organisation's logo as the poster prints it. A PDF carries PNG and JPEG as they
// are; a GIF or WebP logo would need converting, so the poster prints the name alone
// (the QR dialog says so). An uploaded logo is read from the store; a linked one is
// downloaded by the SSRF-safe fetcher, and a logo that cannot be had leaves the poster
// without it rather than failing the poster.

/** A logo past this is not read (uploads are smaller already). */
export const POSTER_LOGO_MAX_BYTES = 5 * 1024 * 1024;
/** A linked logo that takes longer is left out: the poster is waited for. */
const LOGO_FETCH_TIMEOUT_MS = 5000;

export type PrintableImage = 'png' | 'jpg';

export interface PosterLogo {
  bytes: Uint8Array;
  format: PrintableImage;
  /** A digest of the bytes: the poster's ETag changes with the logo. */
  digest: string;
}

/** PNG or JPEG by their first bytes (never by the name), else null. */
export function printableImage(bytes: Uint8Array): PrintableImage | null {
  const b = Buffer.from(bytes.subarray(0, 8));
  if (b.equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  return null;
}

async function readStored(storage: FileStorage, name: string): Promise<Buffer | null> {
  const size = await storage.size(name);
  if (size === undefined || size > POSTER_LOGO_MAX_BYTES) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read(name)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** The logo at `logoUrl` ('' for none) when it can be printed, else null (why is logged). */
export async function loadPosterLogo(opts: {
  logoUrl: string;
  storage: FileStorage;
  policy: AddressPolicy;
  log: FastifyBaseLogger;
}): Promise<PosterLogo | null> {
  const { logoUrl, log } = opts;
  if (!logoUrl) return null;
  let bytes: Buffer | null;
  try {
    bytes = UPLOADED_IMAGE_PATH.test(logoUrl)
      ? await readStored(opts.storage, logoUrl.slice(UPLOADS_PREFIX.length))
      : (
          await safeFetch(logoUrl, {
            maxBytes: POSTER_LOGO_MAX_BYTES,
            timeoutMs: LOGO_FETCH_TIMEOUT_MS,
            policy: opts.policy,
          })
        ).bytes;
  } catch (err) {
    log.warn({ logoUrl, reason: err instanceof Error ? err.message : String(err) }, 'poster logo left out');
    return null;
  }
  const format = bytes && printableImage(bytes);
  if (!bytes || !format) return null;
  // A copy of its own: pdf-lib reads a Buffer's whole pooled ArrayBuffer, not its slice.
  return {
    bytes: new Uint8Array(bytes),
    format,
    digest: createHash('sha256').update(bytes).digest('base64url'),
  };
}
