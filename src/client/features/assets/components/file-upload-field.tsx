import { Trans, useLingui } from '@lingui/react/macro';
import { UploadIcon, XIcon } from 'lucide-react';
import { useId } from 'react';
import type { UploadedFile } from '#shared/schemas/assets.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Progress } from '#client/components/ui/progress.tsx';
import { type FileUpload, megabytes } from '../hooks/use-file-upload.ts';

/**
 * A file input, the picked file's name with Upload and Clear, and the upload's progress.
 * Upload runs `flow.upload` and hands the stored file to `onUploaded`; without
 * `onUploaded` there is no Upload button: the form's own save uploads the picked file.
 */
export function FileUploadField({
  label,
  accept,
  uploadLabel,
  flow,
  disabled = false,
  onUploaded,
}: {
  label: string;
  accept: string;
  uploadLabel?: string;
  flow: FileUpload;
  disabled?: boolean;
  onUploaded?: (file: UploadedFile) => void;
}) {
  const { t, i18n } = useLingui();
  const { picked, uploading, progress, refused } = flow;
  const limit = megabytes(flow.maxBytes, i18n);
  const id = useId();
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        ref={flow.input}
        id={id}
        type="file"
        accept={accept}
        onChange={flow.pick}
        disabled={uploading}
        className="h-auto"
        aria-describedby={refused ? `${id}-limit ${id}-refused` : `${id}-limit`}
        aria-invalid={refused ? true : undefined}
      />
      <p id={`${id}-limit`} className="text-xs text-muted-foreground">
        <Trans>Files up to {limit} MB.</Trans>
      </p>
      {refused && (
        <p id={`${id}-refused`} role="alert" className="text-sm font-medium text-destructive">
          {refused}
        </p>
      )}
      {picked && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="min-w-0 flex-1 truncate" dir="auto">
            {picked.name}
          </span>
          {onUploaded && (
            <Button
              type="button"
              size="sm"
              variant="secondary"
              onClick={() => void flow.upload().then((file) => file && onUploaded(file))}
              disabled={disabled || uploading}
            >
              <UploadIcon aria-hidden /> {uploading ? t`Uploading...` : (uploadLabel ?? t`Upload`)}
            </Button>
          )}
          {!uploading && (
            <Button type="button" size="sm" variant="ghost" onClick={flow.clear}>
              <XIcon aria-hidden /> <Trans>Clear</Trans>
            </Button>
          )}
        </div>
      )}
      {(uploading || progress > 0) && <Progress value={progress} label={t`Upload progress`} />}
    </div>
  );
}
