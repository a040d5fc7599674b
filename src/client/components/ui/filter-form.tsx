import type * as React from 'react';

/** The filters above a list: a named form whose controls apply as they change (Enter submits nothing). */
export function FilterForm({
  label,
  className,
  children,
}: {
  /** What it filters, for screen readers ('Filter the activity log'). */
  label: string;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <form aria-label={label} className={className} onSubmit={(e) => e.preventDefault()}>
      {children}
    </form>
  );
}
