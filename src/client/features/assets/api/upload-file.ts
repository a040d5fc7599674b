import { useMutation } from '@tanstack/react-query';
import type { UploadedFile } from '#shared/schemas/assets.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** POST /api/upload (multipart, field `file`) -> {file: {url, mimetype, size}}. */
export async function uploadFile(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  const res = await apiRequest<{ file: UploadedFile }>('POST', '/api/upload', form);
  return res.file;
}

export const useUploadFile = () => useMutation({ mutationFn: uploadFile });
