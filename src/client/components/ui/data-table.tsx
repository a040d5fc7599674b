import type * as React from 'react';
import { cn } from '#client/lib/utils.ts';

/**
 * A list of records as a table that scrolls sideways on narrow screens. `columns`
 * names the headers; with `actions`, a last column of row buttons whose header only
 * screen readers hear. Rows (`<tr>`) are the children.
 */
export function DataTable({
  columns,
  actions = false,
  children,
}: {
  columns: string[];
  actions?: boolean;
  children: React.ReactNode;
}) {
  const headers = actions ? [...columns, null] : columns;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-muted-foreground">
          <tr>
            {headers.map((name, i) => (
              <th
                key={name ?? 'actions'}
                scope="col"
                className={cn('py-2 font-medium', i < headers.length - 1 && 'pr-4')}
              >
                {name ?? <span className="sr-only">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">{children}</tbody>
      </table>
    </div>
  );
}
