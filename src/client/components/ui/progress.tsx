import { Progress as P } from 'radix-ui';
import { cn } from '#client/lib/utils.ts';

/** A determinate progress bar (role progressbar with aria-valuenow). */
export function Progress({ value, className, label }: { value: number; className?: string; label: string }) {
  return (
    <P.Root
      value={value}
      max={100}
      aria-label={label}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <P.Indicator
        className="h-full bg-primary transition-transform"
        style={{ transform: `translateX(-${100 - value}%)` }}
      />
    </P.Root>
  );
}
