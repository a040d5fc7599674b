import { fileTypeFromBuffer } from 'file-type';
import { HttpError } from '../../lib/errors.ts';

// What may be uploaded (API.md "Uploads"), decided from the bytes, never from the
// name or the declared type. SVG and HTML are refused: they can carry script.

export interface StoredType {
  /** Extension of the stored name; serving maps it back to `mime`. */
  ext: string;
  mime: string;
}

const BY_EXT: Record<string, StoredType> = {
  png: { ext: 'png', mime: 'image/png' },
  jpg: { ext: 'jpg', mime: 'image/jpeg' },
  gif: { ext: 'gif', mime: 'image/gif' },
  webp: { ext: 'webp', mime: 'image/webp' },
  mp4: { ext: 'mp4', mime: 'video/mp4' },
  webm: { ext: 'webm', mime: 'video/webm' },
  mov: { ext: 'mov', mime: 'video/quicktime' },
};

/** Sniffed (file-type) results we accept, mapped onto the stored type. */
const ALLOWED: Record<string, StoredType> = {
  'image/png': BY_EXT.png,
  'image/apng': BY_EXT.png, // an animated PNG is a PNG
  'image/jpeg': BY_EXT.jpg,
  'image/gif': BY_EXT.gif,
  'image/webp': BY_EXT.webp,
  'video/mp4': BY_EXT.mp4,
  'video/x-m4v': BY_EXT.mp4, // MP4 with Apple's brand
  'video/webm': BY_EXT.webm,
  'video/quicktime': BY_EXT.mov,
};

export const UNSUPPORTED_TYPE_MESSAGE =
  'Unsupported file type: upload a PNG, JPEG, GIF or WebP image, or an MP4, WebM or QuickTime video';

export async function sniffAllowedType(bytes: Uint8Array): Promise<StoredType> {
  const sniffed = await fileTypeFromBuffer(bytes);
  const allowed = sniffed && ALLOWED[sniffed.mime];
  if (!allowed) throw new HttpError(415, 'FILE_TYPE_UNSUPPORTED', UNSUPPORTED_TYPE_MESSAGE);
  return allowed;
}

/** The content type to serve a stored name with, or undefined when it is not one of ours. */
export function storedTypeOf(name: string): StoredType | undefined {
  const m = /^[a-f0-9]{32}\.([a-z0-9]+)$/.exec(name);
  return m ? BY_EXT[m[1]] : undefined;
}
