import { useLingui } from '@lingui/react/macro';
import { cn } from '#client/lib/utils.ts';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useLingui();
  return (
    <span role="status" aria-label={label ?? t`Loading`} className="inline-flex">
      <span
        className={cn(
          'size-8 animate-spin rounded-full border-4 border-primary border-t-transparent',
          className,
        )}
      />
    </span>
  );
}

/** A page still loading: the spinner in the middle of where it will be (`screen`: the whole window). */
export function PageSpinner({ label, screen = false }: { label?: string; screen?: boolean }) {
  return (
    <div className={cn('flex items-center justify-center', screen ? 'min-h-screen' : 'min-h-[50vh]')}>
      <Spinner label={label} />
    </div>
  );
}
