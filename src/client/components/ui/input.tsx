import type * as React from 'react';
import { cn } from '#client/lib/utils.ts';

const fieldClass =
  'flex w-full rounded-md border border-border bg-white px-3 py-2 text-base md:text-sm placeholder:text-slate-500 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive';

export function Input({ className, ...props }: React.ComponentProps<'input'>) {
  return <input className={cn(fieldClass, 'h-10', className)} {...props} />;
}

/** A native select sized like Input (native, so it works with register() and Playwright's selectOption). */
export function Select({ className, ...props }: React.ComponentProps<'select'>) {
  return (
    <select
      className={cn('flex h-10 w-full rounded-md border border-border bg-white px-3 py-2 text-sm', className)}
      {...props}
    />
  );
}

export function Textarea({ className, ...props }: React.ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldClass, 'min-h-20', className)} {...props} />;
}

/** A native checkbox that reports its new state as a boolean. */
export function Checkbox({
  className,
  onCheckedChange,
  ...props
}: Omit<React.ComponentProps<'input'>, 'type' | 'onChange'> & {
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <input
      type="checkbox"
      className={cn('size-4 accent-primary', className)}
      onChange={(e) => onCheckedChange(e.target.checked)}
      {...props}
    />
  );
}
