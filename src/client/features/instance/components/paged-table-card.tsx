import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { SectionCard } from '#client/components/ui/card.tsx';
import { DataTable } from '#client/components/ui/data-table.tsx';
import { QueryView } from '#client/components/ui/query-view.tsx';
import { Pager } from './pager.tsx';

interface Paged<T> {
  items: T[];
  page: number;
  total: number;
  pageSize: number;
}

/**
 * A console card listing one paged list of the instance (held mail, the audit log): its
 * own page state, the loading and failure lines, an empty line, the table and the pager.
 */
export function PagedTableCard<T>({
  title,
  description,
  usePage,
  loading,
  failed,
  empty,
  columns,
  actions,
  pagerLabel,
  totalLabel,
  row,
}: {
  title: string;
  description: string;
  /** The list's query hook, called with the page shown. */
  usePage: (page: number) => UseQueryResult<Paged<T>>;
  loading: string;
  failed: string;
  /** Said when the list is empty. */
  empty: string;
  columns: string[];
  /** A last column of row buttons. */
  actions?: boolean;
  /** Names the pager for screen readers. */
  pagerLabel: string;
  /** Said beside the pager ('3 held'), when the count matters. */
  totalLabel?: (total: number) => string;
  row: (item: T) => React.ReactNode;
}) {
  const [page, setPage] = useState(1);
  const query = usePage(page);
  return (
    <SectionCard title={title} description={description}>
      <QueryView query={query} loading={loading} failed={failed}>
        {(data) => (
          <>
            {data.items.length === 0 ? (
              <p className="text-sm text-muted-foreground">{empty}</p>
            ) : (
              <DataTable columns={columns} actions={actions}>
                {data.items.map(row)}
              </DataTable>
            )}
            <div
              className={`mt-4 flex flex-wrap items-center gap-3 text-sm text-muted-foreground ${totalLabel ? 'justify-between' : 'justify-end'}`}
            >
              {totalLabel && <p>{totalLabel(data.total)}</p>}
              <Pager label={pagerLabel} {...data} onPage={setPage} />
            </div>
          </>
        )}
      </QueryView>
    </SectionCard>
  );
}
