import type { LucideIcon } from 'lucide-react';
import { Card } from '#client/components/ui/card.tsx';

/** One labelled number. */
export function StatTile({ label, value, icon: Icon }: { label: string; value: string; icon?: LucideIcon }) {
  return (
    <Card className="flex items-center gap-3 p-4">
      {Icon && (
        <span className="rounded-full bg-indigo-50 p-2 text-primary">
          <Icon aria-hidden className="size-5" />
        </span>
      )}
      <dl className="min-w-0">
        <dt className="text-sm text-muted-foreground">{label}</dt>
        <dd className="text-2xl font-bold tabular-nums">{value}</dd>
      </dl>
    </Card>
  );
}

export const formatCount = (n: number | undefined) => (n ?? 0).toLocaleString();
export const formatRate = (n: number | undefined) =>
  `${(n ?? 0).toLocaleString(undefined, { maximumFractionDigits: 1 })}%`;
