import { Tabs as T } from 'radix-ui';
import type * as React from 'react';
import { cn } from '#client/lib/utils.ts';

export const Tabs = T.Root;

export const TabsList = ({ className, ...p }: React.ComponentProps<typeof T.List>) => (
  <T.List
    className={cn('inline-flex h-10 items-center rounded-md bg-muted p-1 text-muted-foreground', className)}
    {...p}
  />
);
export const TabsTrigger = ({ className, ...p }: React.ComponentProps<typeof T.Trigger>) => (
  <T.Trigger
    className={cn(
      'inline-flex items-center justify-center whitespace-nowrap rounded-sm px-3 py-1.5 text-sm font-medium data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
      className,
    )}
    {...p}
  />
);
export const TabsContent = ({ className, ...p }: React.ComponentProps<typeof T.Content>) => (
  <T.Content className={cn('mt-2', className)} {...p} />
);
