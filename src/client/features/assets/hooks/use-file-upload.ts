import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { type ChangeEvent, useRef, useState } from 'react';
import { UPLOAD_MAX_BYTES_DEFAULT } from '#shared/constants.ts';
import type { UploadedFile } from '#shared/schemas/assets.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { useServerInfo } from '#client/lib/server-info.ts';
import { uploadFile } from '../api/upload-file.ts';
import { useSimulatedProgress } from './use-simulated-progress.ts';

const MB = 1024 * 1024;

/** Megabytes as people write them: 5, 2.5, 0.5 (one decimal at most), in the reader's digits. */
export const megabytes = (bytes: number, i18n: I18n) =>
  i18n.number(Math.round((bytes / MB) * 10) / 10, { maximumFractionDigits: 1, useGrouping: false });

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
  const { t, i18n } = useLingui();
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
      const limit = megabytes(maxBytes, i18n);
      const size = megabytes(file.size, i18n);
      const name = file.name;
      toast({
        title: t`File too large`,
        description: t`Maximum file size is ${limit}MB`,
        variant: 'destructive',
      });
      setRefused(t`${name} is ${size} MB; files can be at most ${limit} MB. Pick a smaller file.`);
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
      const name = picked.name;
      toast({ title: t`Upload successful`, description: t`${name} is ready to use` });
      forget();
      return file;
    } catch (err) {
      progress.reset();
      toast({
        title: t`Upload failed`,
        description: errorMessage(err, t`Something went wrong`),
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
