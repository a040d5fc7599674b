import { useDeferredValue, useId, useState } from 'react';
import {
  INSTANCE_ORGS_PAGE_SIZE,
  type InstanceOrg,
  type InstanceOrgSort,
  type InstanceOrgsParams,
  type OrganizationStatus,
} from '#shared/schemas/instance-console.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { DataTable, type SortableColumn } from '#client/components/ui/data-table.tsx';
import { FilterForm } from '#client/components/ui/filter-form.tsx';
import { InputField, SelectField } from '#client/components/ui/form-field.tsx';
import { QueryView } from '#client/components/ui/query-view.tsx';
import { useInstanceOrganizations } from '../api/console.ts';
import { formatAgo, formatBytes, formatDay } from '../lib/format.ts';

/** The table's columns, in order: header, and the sort it stands for (none: not sortable). */
const COLUMNS: [label: string, sort: InstanceOrgSort | null][] = [
  ['Organization', 'name'],
  ['Created', 'createdAt'],
  ['Members', 'members'],
  ['Campaigns', 'campaigns'],
  ['Shares (30 d)', 'shares30d'],
  ['Click-throughs (30 d)', 'clicks30d'],
  ['Mail today', 'mailToday'],
  ['Mail this month', 'mailMonth'],
  ['Storage', 'storage'],
  ['Last activity', 'lastActivity'],
  ['Status', null],
];

/** A column's first click: A to Z for the name, most (or newest) first for the rest. */
const firstOrder = (sort: InstanceOrgSort) => (sort === 'name' ? 'asc' : 'desc');

function OrganizationRow({
  org,
  action,
}: {
  org: InstanceOrg;
  action?: (org: InstanceOrg) => React.ReactNode;
}) {
  const share = org.storageQuotaBytes > 0 ? Math.round((org.storageBytes / org.storageQuotaBytes) * 100) : 0;
  return (
    <tr data-testid={`instance-org-${org.id}`}>
      <td className="py-2 pr-4">
        <span className="block font-medium">{org.name}</span>
        <span className="block text-xs text-muted-foreground">@{org.username}</span>
      </td>
      <td className="whitespace-nowrap py-2 pr-4">{formatDay(org.createdAt)}</td>
      <td className="py-2 pr-4 tabular-nums">{org.members}</td>
      <td className="py-2 pr-4 tabular-nums">{org.campaigns}</td>
      <td className="py-2 pr-4 tabular-nums">{org.shares30d}</td>
      <td className="py-2 pr-4 tabular-nums">{org.clicks30d}</td>
      <td className="py-2 pr-4 tabular-nums">{org.mailToday}</td>
      <td className="py-2 pr-4 tabular-nums">{org.mailMonth}</td>
      <td className="whitespace-nowrap py-2 pr-4">
        {formatBytes(org.storageBytes)}
        <span className="block text-xs text-muted-foreground">
          {share}% of {formatBytes(org.storageQuotaBytes)}
        </span>
      </td>
      <td className="whitespace-nowrap py-2 pr-4">
        {org.lastActivityAt ? formatAgo(org.lastActivityAt) : 'None'}
      </td>
      <td className="py-2 pr-4">
        {org.status === 'suspended' ? (
          <Badge variant="warning" title={org.suspendedReason ?? undefined}>
            Suspended
          </Badge>
        ) : (
          <Badge variant="success">Active</Badge>
        )}
        {org.status === 'suspended' && org.suspendedReason && (
          <span className="mt-1 block max-w-48 text-xs text-muted-foreground">{org.suspendedReason}</span>
        )}
      </td>
      {action && <td className="py-2 text-right">{action(org)}</td>}
    </tr>
  );
}

/**
 * Every organisation of the instance (operators): its figures, sorted by any column,
 * found by name or username, narrowed by status, a page at a time. `action` draws a
 * row's own control (suspend or restore).
 */
export function OrganizationsTable({ action }: { action?: (org: InstanceOrg) => React.ReactNode }) {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const [status, setStatus] = useState<OrganizationStatus | ''>('');
  const [sort, setSort] = useState<{ by: InstanceOrgSort; order: 'asc' | 'desc' }>({
    by: 'createdAt',
    order: 'desc',
  });
  const [page, setPage] = useState(1);
  const ids = { search: useId(), status: useId() };
  const params: InstanceOrgsParams = {
    q: q || undefined,
    status: status || undefined,
    sort: sort.by,
    order: sort.order,
    page,
    pageSize: INSTANCE_ORGS_PAGE_SIZE,
  };
  const query = useInstanceOrganizations(params);

  const columns = COLUMNS.map(([label, by]): string | SortableColumn =>
    by === null
      ? label
      : {
          label,
          sort: sort.by === by ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none',
          onSort: () => {
            setSort((s) => ({
              by,
              order: s.by === by ? (s.order === 'asc' ? 'desc' : 'asc') : firstOrder(by),
            }));
            setPage(1);
          },
        },
  );

  return (
    <SectionCard
      title="Organizations"
      description="Every organization on this instance: its members and campaigns, shares and click-throughs of the last 30 days, mail sent and storage used."
    >
      <FilterForm label="Filter organizations" className="mb-4 grid gap-4 sm:grid-cols-[2fr_1fr]">
        <InputField
          id={ids.search}
          label="Search"
          type="search"
          placeholder="Name or username"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        <SelectField
          id={ids.status}
          label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as OrganizationStatus | '');
            setPage(1);
          }}
        >
          <option value="">All</option>
          <option value="active">Active</option>
          <option value="suspended">Suspended</option>
        </SelectField>
      </FilterForm>
      <QueryView query={query} loading="Loading organizations" failed="The organizations could not be loaded">
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
          return (
            <>
              {data.items.length === 0 ? (
                <p className="text-sm text-muted-foreground">No organization matches.</p>
              ) : (
                <DataTable columns={columns} actions={Boolean(action)}>
                  {data.items.map((org) => (
                    <OrganizationRow key={org.id} org={org} action={action} />
                  ))}
                </DataTable>
              )}
              <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
                <p>
                  {data.total} {data.total === 1 ? 'organization' : 'organizations'}
                  {data.figuresAsOf && ` · figures as of ${formatAgo(data.figuresAsOf)}`}
                </p>
                <nav aria-label="Pages of organizations" className="flex items-center gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={data.page <= 1}
                    onClick={() => setPage(data.page - 1)}
                  >
                    Previous
                  </Button>
                  <span aria-live="polite">
                    Page {data.page} of {pages}
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={data.page >= pages}
                    onClick={() => setPage(data.page + 1)}
                  >
                    Next
                  </Button>
                </nav>
              </div>
            </>
          );
        }}
      </QueryView>
    </SectionCard>
  );
}
