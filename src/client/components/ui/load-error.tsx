import { useLingui } from '@lingui/react/macro';
import { RotateCcwIcon } from 'lucide-react';
import { errorMessage } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/utils.ts';
import { Button } from './button.tsx';

/**
 * A read that failed, where its content would be: what failed, why in plain words
 * (never "Failed to fetch" or a server page) and a Retry that reads it again.
 */
export function LoadError({
  title,
  error,
  onRetry,
  retrying = false,
  className,
}: {
  /** What could not be read ('Failed to fetch campaigns'). */
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}) {
  const { t } = useLingui();
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-wrap items-center justify-between gap-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm',
        className,
      )}
    >
      <div className="min-w-0">
        <p className="font-medium text-red-800">{title}</p>
        <p className="text-slate-700">{errorMessage(error, t`Please try again.`)}</p>
      </div>
      <Button size="sm" variant="outline" onClick={onRetry} disabled={retrying}>
        <RotateCcwIcon aria-hidden /> {retrying ? t`Retrying...` : t`Retry`}
      </Button>
    </div>
  );
}

/** LoadError for a TanStack query: its error, and Retry refetches it. */
export function QueryError({
  title,
  query,
  className,
}: {
  title: string;
  query: { error: unknown; refetch: () => unknown; isFetching: boolean };
  className?: string;
}) {
  return (
    <LoadError
      title={title}
      error={query.error}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
      className={className}
    />
  );
}
