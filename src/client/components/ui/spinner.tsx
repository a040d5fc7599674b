import { cn } from '#client/lib/utils.ts';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <span
        className={cn(
          'size-8 animate-spin rounded-full border-4 border-primary border-t-transparent',
          className,
        )}
      />
    </span>
  );
}
