import { type ChangeEvent, useRef, useState } from 'react';
import { UPLOAD_MAX_BYTES_DEFAULT } from '#shared/constants.ts';
import { FILE_TOO_LARGE } from '#shared/errors.ts';
import type { UploadedFile } from '#shared/schemas/assets.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { useServerInfo } from '#client/lib/server-info.ts';
import { uploadFile } from '../api/upload-file.ts';
import { useSimulatedProgress } from './use-simulated-progress.ts';

const MB = 1024 * 1024;

/** Megabytes as people write them: 5, 2.5, 0.5 (one decimal at most). */
export const megabytes = (bytes: number) => String(Math.round((bytes / MB) * 10) / 10);

/**
 * The upload flow behind FileUploadField: pick a file (one over the server's limit,
 * UPLOAD_MAX_BYTES as GET /api/auth-status reports it, is refused at once, before any
 * bytes move, and only the file is dropped: the rest of the form stays), upload it with
 * progress, or clear it. `upload` resolves to the stored file, or null after its failure toast.
 */
export function useFileUpload(
  /** A lower limit of this field's own (a logo's), under the server's. */
  ownMaxBytes = Number.POSITIVE_INFINITY,
) {
  const progress = useSimulatedProgress();
  const [picked, setPicked] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  /** Why the last picked file was refused, said beside the field. */
  const [refused, setRefused] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const maxBytes = Math.min(ownMaxBytes, useServerInfo().data?.uploadMaxBytes ?? UPLOAD_MAX_BYTES_DEFAULT);

  const forget = () => {
    setPicked(null);
    if (input.current) input.current.value = '';
  };

  const clear = () => {
    forget();
    setRefused(null);
    progress.reset();
  };

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    progress.reset();
    if (file && file.size > maxBytes) {
      toast({
        title: FILE_TOO_LARGE,
        description: `Maximum file size is ${megabytes(maxBytes)}MB`,
        variant: 'destructive',
      });
      setRefused(
        `${file.name} is ${megabytes(file.size)} MB; files can be at most ${megabytes(maxBytes)} MB. Pick a smaller file.`,
      );
      forget();
      return;
    }
    setRefused(null);
    setPicked(file);
  };

  const upload = async (): Promise<UploadedFile | null> => {
    if (!picked) return null;
    setUploading(true);
    progress.start();
    try {
      const file = await uploadFile(picked);
      progress.complete();
      toast({ title: 'Upload successful', description: `${picked.name} is ready to use` });
      forget();
      return file;
    } catch (err) {
      progress.reset();
      toast({
        title: 'Upload failed',
        description: errorMessage(err, 'Something went wrong'),
        variant: 'destructive',
      });
      return null;
    } finally {
      setUploading(false);
    }
  };

  return { picked, uploading, progress: progress.progress, input, pick, clear, upload, maxBytes, refused };
}

export type FileUpload = ReturnType<typeof useFileUpload>;
