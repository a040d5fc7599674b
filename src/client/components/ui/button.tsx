import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type * as React from 'react';
import { cn } from '#client/lib/utils.ts';

/**
 * Solid buttons: a 2 px near-black ring 2 px outside the button, with a white band in
 * the gap. The ring stands out from light page backgrounds (17:1 on white) and the
 * band from dark or brand-coloured ones, and neither is mistaken for the button's own fill.
 */
const SOLID_FOCUS =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 focus-visible:shadow-[0_0_0_2px_#ffffff]';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: `bg-primary text-primary-foreground hover:bg-primary-hover ${SOLID_FOCUS}`,
        destructive: `bg-destructive text-destructive-foreground hover:bg-red-800 ${SOLID_FOCUS}`,
        outline: 'border border-border bg-white hover:bg-muted',
        secondary: 'bg-muted text-slate-900 hover:bg-slate-200',
        ghost: 'hover:bg-muted',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-9 rounded-md px-3',
        lg: 'h-11 rounded-md px-8',
        icon: 'h-10 w-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export interface ButtonProps extends React.ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  asChild?: boolean;
}

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return (
    <Comp
      className={cn(buttonVariants({ variant, size, className }))}
      {...(!asChild && { type: type ?? 'button' })}
      {...props}
    />
  );
}
