import * as React from 'react';
import { cn } from '#client/lib/utils.ts';

/**
 * `Component` (a tag or a component) with the `base` classes first, so that a caller's
 * className adds to them or overrides them.
 */
export const withClasses =
  <C extends React.ElementType>(Component: C, base: string) =>
  ({ className, ...props }: React.ComponentProps<C> & { className?: string }) =>
    React.createElement(Component as React.ElementType, { className: cn(base, className), ...props });
