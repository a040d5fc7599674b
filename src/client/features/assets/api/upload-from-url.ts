import { useMutation } from '@tanstack/react-query';
import type { UploadedFile } from '#shared/schemas/assets.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** POST /api/upload-from-url {imageUrl}: the server fetches and stores the file. */
export async function uploadFromUrl(imageUrl: string): Promise<UploadedFile> {
  const res = await apiRequest<{ file: UploadedFile }>('POST', '/api/upload-from-url', { imageUrl });
  return res.file;
}

export const useUploadFromUrl = () => useMutation({ mutationFn: uploadFromUrl });
