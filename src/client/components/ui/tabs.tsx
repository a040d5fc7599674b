import { Tabs as T } from 'radix-ui';
import { withClasses } from './with-classes.ts';

export const Tabs = T.Root;

export const TabsList = withClasses(
  T.List,
  'inline-flex h-10 items-center rounded-md bg-muted p-1 text-muted-foreground',
);
export const TabsTrigger = withClasses(
  T.Trigger,
  'inline-flex items-center justify-center whitespace-nowrap rounded-sm px-3 py-1.5 text-sm font-medium data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
);
export const TabsContent = withClasses(T.Content, 'mt-2');
