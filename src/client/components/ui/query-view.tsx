import type { UseQueryResult } from '@tanstack/react-query';
import type * as React from 'react';
import { QueryError } from './load-error.tsx';
import { Spinner } from './spinner.tsx';

/** A read's states in one place: a spinner, the failure with Retry, an empty list's sentence, or its data. */
export function QueryView<T>({
  query,
  loading,
  failed,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  /** The spinner's label ('Loading members'). */
  loading: string;
  /** What could not be read ('Failed to fetch members'). */
  failed: string;
  /** Said instead of `children` when the data is an empty list ('No API keys yet.'). */
  empty?: string;
  children: (data: T) => React.ReactNode;
}) {
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError) return <QueryError title={failed} query={query} />;
  if (empty && Array.isArray(query.data) && query.data.length === 0) {
    return <p className="text-sm text-muted-foreground">{empty}</p>;
  }
  return children(query.data);
}
