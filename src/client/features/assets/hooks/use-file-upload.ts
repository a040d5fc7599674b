import { type ChangeEvent, useRef, useState } from 'react';
import { UPLOAD_MAX_BYTES_DEFAULT } from '#shared/constants.ts';
import type { UploadedFile } from '#shared/schemas/assets.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { uploadFile } from '../api/upload-file.ts';
import { useSimulatedProgress } from './use-simulated-progress.ts';

const MAX_MB = Math.round(UPLOAD_MAX_BYTES_DEFAULT / (1024 * 1024));

/**
 * The upload flow behind FileUploadField: pick a file (one over the limit is refused at
 * once, before any bytes move), upload it with progress, or clear it. `upload` resolves
 * to the stored file, or null after its failure toast.
 */
export function useFileUpload() {
  const progress = useSimulatedProgress();
  const [picked, setPicked] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const forget = () => {
    setPicked(null);
    if (input.current) input.current.value = '';
  };

  const clear = () => {
    forget();
    progress.reset();
  };

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    progress.reset();
    if (file && file.size > UPLOAD_MAX_BYTES_DEFAULT) {
      toast({
        title: 'File too large',
        description: `Maximum file size is ${MAX_MB}MB`,
        variant: 'destructive',
      });
      forget();
      return;
    }
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

  return { picked, uploading, progress: progress.progress, input, pick, clear, upload };
}

export type FileUpload = ReturnType<typeof useFileUpload>;
