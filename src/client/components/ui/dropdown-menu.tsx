import { DropdownMenu as M } from 'radix-ui';
import type * as React from 'react';
import { cn } from '#client/lib/utils.ts';
import { withClasses } from './with-classes.ts';

export const DropdownMenu = M.Root;
export const DropdownMenuTrigger = M.Trigger;
export const DropdownMenuGroup = M.Group;

export function DropdownMenuContent({
  className,
  sideOffset = 4,
  ...p
}: React.ComponentProps<typeof M.Content>) {
  return (
    <M.Portal>
      <M.Content
        sideOffset={sideOffset}
        className={cn('z-50 min-w-40 rounded-md border border-border bg-white p-1 shadow-md', className)}
        {...p}
      />
    </M.Portal>
  );
}
export const DropdownMenuItem = withClasses(
  M.Item,
  'relative flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-muted data-[disabled]:opacity-50 [&_svg]:size-4',
);
export const DropdownMenuLabel = withClasses(M.Label, 'px-2 py-1.5 text-sm font-semibold');
export const DropdownMenuSeparator = withClasses(M.Separator, '-mx-1 my-1 h-px bg-border');
