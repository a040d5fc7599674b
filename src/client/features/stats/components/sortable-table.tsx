import { useLingui } from '@lingui/react/macro';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { cn } from '#client/lib/utils.ts';

export interface Column<T> {
  key: string;
  label: string;
  /** The value the column sorts by. */
  value: (row: T) => string | number;
  /** What the cell shows; the value itself by default. */
  render?: (row: T) => ReactNode;
  numeric?: boolean;
}

type Direction = 'ascending' | 'descending';

/**
 * A table sorted by one column at a time. Each header is a button (keyboard reachable);
 * the sorted column carries aria-sort. A first click sorts numbers high to low and
 * text A to Z; a second click reverses. A `note` is shown under the table and is its
 * accessible description.
 *
 * A table of more columns than a phone fits is `stacked`: below the `sm` width each row
 * is a card (its first cell on a line of its own, then each figure beside its column's
 * name) and the headers a wrapping row of the same sort buttons. It stays a table, so
 * nothing scrolls sideways and every figure keeps its name.
 */
export function SortableTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  initialSort,
  note,
  stacked = false,
}: {
  caption: string;
  note?: string;
  stacked?: boolean;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  initialSort: { key: string; direction: Direction };
}) {
  const { i18n } = useLingui();
  const [sort, setSort] = useState(initialSort);
  const noteId = useId();
  const column = columns.find((c) => c.key === sort.key) ?? columns[0];
  const sorted = [...rows].sort((a, b) => {
    const x = column.value(a);
    const y = column.value(b);
    const order =
      typeof x === 'number' && typeof y === 'number'
        ? x - y
        : String(x).localeCompare(String(y), i18n.locale);
    return sort.direction === 'ascending' ? order : -order;
  });

  const toggle = (c: Column<T>) =>
    setSort((s) =>
      s.key === c.key
        ? { key: c.key, direction: s.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key: c.key, direction: c.numeric ? 'descending' : 'ascending' },
    );

  /** The phone layout's classes, for a stacked table only. */
  const phone = (classes: string) => (stacked ? classes : undefined);

  return (
    <div className="overflow-x-auto">
      <table
        className={cn('w-full text-sm', phone('max-sm:block'))}
        aria-describedby={note ? noteId : undefined}
      >
        <caption className={cn('mb-2 text-start font-medium', phone('max-sm:block'))}>{caption}</caption>
        <thead className={phone('max-sm:block')}>
          <tr className={cn('border-b border-border', phone('max-sm:flex max-sm:flex-wrap max-sm:gap-x-2'))}>
            {columns.map((c, i) => {
              const active = c.key === sort.key;
              const Icon = !active
                ? ArrowUpDownIcon
                : sort.direction === 'ascending'
                  ? ArrowUpIcon
                  : ArrowDownIcon;
              return (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={active ? sort.direction : undefined}
                  // The first column (the names) keeps room beside long figure names.
                  className={cn(
                    c.numeric ? 'text-end' : 'text-start',
                    i === 0 && 'sm:min-w-28',
                    phone('max-sm:block'),
                  )}
                >
                  <button
                    type="button"
                    onClick={() => toggle(c)}
                    className={cn(
                      'inline-flex items-center gap-1 rounded px-1 py-2 font-medium hover:bg-muted',
                      c.numeric && 'text-end',
                    )}
                  >
                    {c.label}
                    <Icon aria-hidden className={cn('size-4 shrink-0', !active && 'text-muted-foreground')} />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={phone('max-sm:block')}>
          {sorted.map((row) => (
            <tr
              key={rowKey(row)}
              className={cn(
                'border-b border-border',
                phone('max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:py-1'),
              )}
            >
              {columns.map((c, i) => (
                <td
                  key={c.key}
                  data-label={stacked ? c.label : undefined}
                  className={cn(
                    c.numeric ? 'px-1 py-2 text-end tabular-nums' : 'break-words px-1 py-2',
                    phone(
                      i === 0
                        ? 'max-sm:col-span-2 max-sm:pb-0 max-sm:font-medium'
                        : 'max-sm:flex max-sm:justify-between max-sm:gap-2 max-sm:py-1 max-sm:before:text-start max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]',
                    ),
                  )}
                >
                  {c.render ? c.render(row) : <Cell value={c.value(row)} format={(n) => i18n.number(n)} />}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {note && (
        <p id={noteId} className="mt-2 text-xs text-muted-foreground">
          {note}
        </p>
      )}
    </div>
  );
}

/** A cell's value: a number in the reader's digits and grouping; text (names people gave) in its own direction. */
function Cell({ value, format }: { value: string | number; format: (n: number) => string }) {
  return typeof value === 'number' ? format(value) : <bdi>{value}</bdi>;
}
