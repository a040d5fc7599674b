import type { UseQueryResult } from '@tanstack/react-query';
import type * as React from 'react';
import { QueryError } from './load-error.tsx';
import { Spinner } from './spinner.tsx';

/** A read's three states in one place: a spinner, the failure with Retry, or its data. */
export function QueryView<T>({
  query,
  loading,
  failed,
  children,
}: {
  query: UseQueryResult<T>;
  /** The spinner's label ('Loading members'). */
  loading: string;
  /** What could not be read ('Failed to fetch members'). */
  failed: string;
  children: (data: T) => React.ReactNode;
}) {
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError) return <QueryError title={failed} query={query} />;
  return children(query.data);
}
