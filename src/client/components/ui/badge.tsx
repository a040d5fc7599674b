import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '#client/lib/utils.ts';

const badgeVariants = cva('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', {
  variants: {
    variant: {
      default: 'bg-primary text-primary-foreground',
      secondary: 'bg-muted text-slate-800',
      success: 'bg-green-100 text-green-800',
      outline: 'border border-border text-slate-800',
    },
  },
  defaultVariants: { variant: 'default' },
});

export function Badge({
  className,
  variant,
  ...p
}: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...p} />;
}
