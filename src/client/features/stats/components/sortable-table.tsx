import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';

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
 */
export function SortableTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  initialSort,
  note,
}: {
  caption: string;
  note?: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  initialSort: { key: string; direction: Direction };
}) {
  const [sort, setSort] = useState(initialSort);
  const noteId = useId();
  const column = columns.find((c) => c.key === sort.key) ?? columns[0];
  const sorted = [...rows].sort((a, b) => {
    const x = column.value(a);
    const y = column.value(b);
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return sort.direction === 'ascending' ? order : -order;
  });

  const toggle = (c: Column<T>) =>
    setSort((s) =>
      s.key === c.key
        ? { key: c.key, direction: s.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key: c.key, direction: c.numeric ? 'descending' : 'ascending' },
    );

  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-describedby={note ? noteId : undefined}>
        <caption className="mb-2 text-left font-medium">{caption}</caption>
        <thead>
          <tr className="border-b border-border">
            {columns.map((c) => {
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
                  className={c.numeric ? 'text-right' : 'text-left'}
                >
                  <button
                    type="button"
                    onClick={() => toggle(c)}
                    className="inline-flex items-center gap-1 rounded px-1 py-2 font-medium hover:bg-muted"
                  >
                    {c.label}
                    <Icon aria-hidden className={active ? 'size-4' : 'size-4 text-muted-foreground'} />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={rowKey(row)} className="border-b border-border">
              {columns.map((c) => (
                <td
                  key={c.key}
                  className={c.numeric ? 'px-1 py-2 text-right tabular-nums' : 'break-words px-1 py-2'}
                >
                  {c.render
                    ? c.render(row)
                    : typeof c.value(row) === 'number'
                      ? c.value(row).toLocaleString()
                      : c.value(row)}
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
