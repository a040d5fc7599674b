import type { FastifyRequest } from 'fastify';
import { HttpError, badRequest } from '../../lib/errors.ts';
import { FILE_TOO_LARGE } from '#shared/errors.ts';

/** The multipart field the file must come in (API.md "Uploads"). */
export const FILE_FIELD = 'file';

const tooLarge = (maxBytes: number) =>
  new HttpError(413, 'FILE_TOO_LARGE', FILE_TOO_LARGE, { params: { maxBytes } });
/** UPLOAD_MALFORMED names the field the file goes in, for the client's words. */
const malformed = { params: { field: FILE_FIELD } } as const;

/** Multipart plugin errors that are the client's doing, by code, onto API statuses. */
function clientError(err: unknown, maxBytes: number): HttpError {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxBytes);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new HttpError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `Send the file as multipart/form-data in a field named ${FILE_FIELD}`,
    );
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new HttpError(413, 'UPLOAD_MALFORMED', `Send one file in a field named ${FILE_FIELD}`, malformed);
  // Everything else here comes from parsing the body (busboy: no boundary, a cut-off
  // part, a malformed header): the request is malformed, not the server broken.
  return badRequest('MALFORMED_REQUEST', 'Malformed multipart body');
}

/**
 * Reads the one file part, whole, or refuses: the part must be named `file`, and a
 * file the size limit cut short is 413 (the parser truncates quietly and only sets
 * a flag; a truncated file must never be stored as if it were complete).
 */
export async function readFilePart(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  try {
    const part = await request.file();
    if (!part) throw badRequest('UPLOAD_MALFORMED', 'No file uploaded', malformed);
    if (part.fieldname !== FILE_FIELD) {
      part.file.resume();
      throw badRequest('UPLOAD_MALFORMED', `Send the file in a field named ${FILE_FIELD}`, malformed);
    }
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxBytes || part.file.truncated) throw tooLarge(maxBytes);
      chunks.push(chunk);
    }
    if (part.file.truncated) throw tooLarge(maxBytes);
    return Buffer.concat(chunks, total);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw clientError(err, maxBytes);
  }
}
