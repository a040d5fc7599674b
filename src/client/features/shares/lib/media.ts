import { DEFAULT_IMAGE_DOWNLOAD_NAME } from '#shared/constants.ts';

// Media files for "Save Image" and the device share sheet. Files are cached per URL
// so a second tap (or the share sheet after a save) does not fetch again.
const cache = new Map<string, Promise<File>>();

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};

/** The file name to save under: the URL's own name when it has an extension, else a fixed png name. */
export function fileNameFor(url: string, mimeType?: string): string {
  let base = '';
  try {
    base = decodeURIComponent(new URL(url, location.href).pathname.split('/').pop() ?? '');
  } catch {
    base = '';
  }
  if (/^[\w.-]+\.[a-z0-9]{2,5}$/i.test(base)) return base;
  const ext = mimeType ? EXTENSIONS[mimeType] : undefined;
  return ext ? `rally-share-image.${ext}` : DEFAULT_IMAGE_DOWNLOAD_NAME;
}

export function fetchMediaFile(url: string): Promise<File> {
  let hit = cache.get(url);
  if (!hit) {
    hit = fetch(url, { credentials: 'same-origin' }).then(async (res) => {
      if (!res.ok) throw new Error(`${res.status}`);
      const blob = await res.blob();
      return new File([blob], fileNameFor(url, blob.type), { type: blob.type });
    });
    hit.catch(() => cache.delete(url));
    cache.set(url, hit);
  }
  return hit;
}
