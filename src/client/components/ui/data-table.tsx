import { Trans } from '@lingui/react/macro';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type * as React from 'react';
import { cn } from '#client/lib/utils.ts';

/** A header that sorts the table: how it sorts now, and what choosing it does. */
export interface SortableColumn {
  label: string;
  sort: 'ascending' | 'descending' | 'none';
  onSort: () => void;
}

const SORT_ICONS = { ascending: ArrowUp, descending: ArrowDown, none: ArrowUpDown };

function HeaderLabel({ column }: { column: string | SortableColumn }) {
  if (typeof column === 'string') return column;
  const Icon = SORT_ICONS[column.sort];
  return (
    <button
      type="button"
      onClick={column.onSort}
      className="inline-flex items-center gap-1 rounded hover:text-slate-900"
    >
      {column.label}
      <Icon className="size-3.5" aria-hidden="true" />
    </button>
  );
}

/**
 * A list of records as a table that scrolls sideways on narrow screens. `columns`
 * names the headers (a sortable one is a button, its state in `aria-sort`); with
 * `actions`, a last column of row buttons whose header only screen readers hear. Rows
 * (`<tr>`) are the children.
 */
export function DataTable({
  columns,
  actions = false,
  children,
}: {
  columns: (string | SortableColumn)[];
  actions?: boolean;
  children: React.ReactNode;
}) {
  const headers = actions ? [...columns, null] : columns;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-start text-sm">
        <thead className="text-muted-foreground">
          <tr>
            {headers.map((column, i) => (
              <th
                key={column === null ? 'actions' : typeof column === 'string' ? column : column.label}
                scope="col"
                aria-sort={column !== null && typeof column !== 'string' ? column.sort : undefined}
                className={cn('py-2 font-medium', i < headers.length - 1 && 'pe-4')}
              >
                {column === null ? (
                  <span className="sr-only">
                    <Trans>Actions</Trans>
                  </span>
                ) : (
                  <HeaderLabel column={column} />
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">{children}</tbody>
      </table>
    </div>
  );
}
