import { useMutation } from '@tanstack/react-query';
import type { UploadedFile } from '#shared/schemas/assets.ts';
import { apiRequest } from '#client/lib/api-client.ts';

const UPLOAD_FROM_URL_TIMEOUT_MS = 30_000;

/** POST /api/upload-from-url {imageUrl}: the server fetches and stores the file. */
export async function uploadFromUrl(imageUrl: string): Promise<UploadedFile> {
  // The server itself waits up to 10 s for the remote file (DNS on top), then stores it.
  const res = await apiRequest<{ file: UploadedFile }>(
    'POST',
    '/api/upload-from-url',
    { imageUrl },
    UPLOAD_FROM_URL_TIMEOUT_MS,
  );
  return res.file;
}

export const useUploadFromUrl = () => useMutation({ mutationFn: uploadFromUrl });
