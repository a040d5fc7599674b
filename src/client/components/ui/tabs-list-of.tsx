import { TabsList, TabsTrigger } from './tabs.tsx';

/** A tab list drawn from its tabs' values and labels, in the order they show. */
export function TabsListOf({
  tabs,
  className,
}: {
  tabs: readonly { value: string; label: string }[];
  className?: string;
}) {
  return (
    <TabsList className={className}>
      {tabs.map(({ value, label }) => (
        <TabsTrigger key={value} value={value}>
          {label}
        </TabsTrigger>
      ))}
    </TabsList>
  );
}
