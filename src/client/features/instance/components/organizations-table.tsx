import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
const COLUMNS: [label: MessageDescriptor, sort: InstanceOrgSort | null][] = [
  [msg`Organization`, 'name'],
  [msg`Created`, 'createdAt'],
  [msg`Members`, 'members'],
  [msg`Campaigns`, 'campaigns'],
  [msg`Shares (30 d)`, 'shares30d'],
  [msg`Click-throughs (30 d)`, 'clicks30d'],
  [msg`Mail today`, 'mailToday'],
  [msg`Mail this month`, 'mailMonth'],
  [msg`Storage`, 'storage'],
  [msg`Last activity`, 'lastActivity'],
  [msg`Status`, null],
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
  const { t, i18n } = useLingui();
  const share = i18n.number(org.storageQuotaBytes > 0 ? org.storageBytes / org.storageQuotaBytes : 0, {
    style: 'percent',
    maximumFractionDigits: 0,
  });
  const quota = formatBytes(i18n, org.storageQuotaBytes);
  const count = (n: number) => i18n.number(n);
  return (
    <tr data-testid={`instance-org-${org.id}`}>
      <td className="py-2 pe-4">
        <span className="block font-medium" dir="auto">
          {org.name}
        </span>
        <span className="block text-xs text-muted-foreground" dir="ltr">
          @{org.username}
        </span>
      </td>
      <td className="whitespace-nowrap py-2 pe-4">{formatDay(i18n, org.createdAt)}</td>
      <td className="py-2 pe-4 tabular-nums">{count(org.members)}</td>
      <td className="py-2 pe-4 tabular-nums">{count(org.campaigns)}</td>
      <td className="py-2 pe-4 tabular-nums">{count(org.shares30d)}</td>
      <td className="py-2 pe-4 tabular-nums">{count(org.clicks30d)}</td>
      <td className="py-2 pe-4 tabular-nums">{count(org.mailToday)}</td>
      <td className="py-2 pe-4 tabular-nums">{count(org.mailMonth)}</td>
      <td className="whitespace-nowrap py-2 pe-4">
        {formatBytes(i18n, org.storageBytes)}
        <span className="block text-xs text-muted-foreground">
          <Trans>
            {share} of {quota}
          </Trans>
        </span>
      </td>
      <td className="whitespace-nowrap py-2 pe-4">
        {org.lastActivityAt ? formatAgo(i18n, org.lastActivityAt) : t`None`}
      </td>
      <td className="py-2 pe-4">
        {org.status === 'suspended' ? (
          <Badge variant="warning" title={org.suspendedReason ?? undefined}>
            <Trans>Suspended</Trans>
          </Badge>
        ) : (
          <Badge variant="success">
            <Trans>Active</Trans>
          </Badge>
        )}
        {org.status === 'suspended' && org.suspendedReason && (
          <span className="mt-1 block max-w-48 text-xs text-muted-foreground" dir="auto">
            {org.suspendedReason}
          </span>
        )}
      </td>
      {action && <td className="py-2 text-end">{action(org)}</td>}
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
  const { t, i18n } = useLingui();

  const columns = COLUMNS.map(([name, by]): string | SortableColumn => {
    const label = i18n._(name);
    return by === null
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
        };
  });

  return (
    <SectionCard
      title={t`Organizations`}
      description={t`Every organization on this instance: its members and campaigns, shares and click-throughs of the last 30 days, mail sent and storage used.`}
    >
      <FilterForm label={t`Filter organizations`} className="mb-4 grid gap-4 sm:grid-cols-[2fr_1fr]">
        <InputField
          id={ids.search}
          label={t`Search`}
          type="search"
          placeholder={t`Name or username`}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        <SelectField
          id={ids.status}
          label={t`Status`}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as OrganizationStatus | '');
            setPage(1);
          }}
        >
          <option value="">{t`All`}</option>
          <option value="active">{t`Active`}</option>
          <option value="suspended">{t`Suspended`}</option>
        </SelectField>
      </FilterForm>
      <QueryView
        query={query}
        loading={t`Loading organizations`}
        failed={t`The organizations could not be loaded`}
      >
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
          const total = data.total;
          const page = data.page;
          return (
            <>
              {data.items.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  <Trans>No organization matches.</Trans>
                </p>
              ) : (
                <DataTable columns={columns} actions={Boolean(action)}>
                  {data.items.map((org) => (
                    <OrganizationRow key={org.id} org={org} action={action} />
                  ))}
                </DataTable>
              )}
              <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
                <p>
                  {plural(total, { one: '# organization', other: '# organizations' })}
                  {data.figuresAsOf && (
                    <>
                      {' · '}
                      <FiguresAsOf ago={formatAgo(i18n, data.figuresAsOf)} />
                    </>
                  )}
                </p>
                <nav aria-label={t`Pages of organizations`} className="flex items-center gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={data.page <= 1}
                    onClick={() => setPage(data.page - 1)}
                  >
                    <Trans>Previous</Trans>
                  </Button>
                  <span aria-live="polite">
                    <Trans>
                      Page {page} of {pages}
                    </Trans>
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={data.page >= pages}
                    onClick={() => setPage(data.page + 1)}
                  >
                    <Trans>Next</Trans>
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

/** When the table's figures were last counted ('figures as of 5 minutes ago'). */
function FiguresAsOf({ ago }: { ago: string }) {
  return <Trans>figures as of {ago}</Trans>;
}
