import { addDays, format, parseISO } from 'date-fns';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import type { OrgActivityItem } from '#shared/schemas/account.ts';
import type { Member } from '#shared/schemas/members.ts';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { DataTable } from '#client/components/ui/data-table.tsx';
import { FilterForm } from '#client/components/ui/filter-form.tsx';
import { InputField, SelectField } from '#client/components/ui/form-field.tsx';
import { QueryError } from '#client/components/ui/load-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ACTIVITY_ACTIONS, actionGroup, displayName, orgActivityLabel } from '#client/features/auth/index.ts';
import { type ActivityFilters, useOrgActivity } from '../api/activity.ts';
import { useMembers } from '../api/members.ts';
import { useRole } from '../hooks/use-role.ts';

/** The groups of actions, in the filter's order: [group, heading, what one of them is]. */
const GROUPS: [group: string, heading: string, noun: string][] = [
  ['campaign', 'Campaigns', 'campaign'],
  ['asset', 'Assets', 'asset'],
  ['template', 'Templates', 'template'],
  ['upload', 'Uploads', 'upload'],
  ['member', 'Members', 'member'],
  ['invitation', 'Invitations', 'invitation'],
  ['api_key', 'API keys', 'API key'],
  ['organization', 'Organization', 'organization'],
  ['account', 'Accounts', 'account'],
  ['auth', 'Sign-ins', 'sign-in'],
];

/** 'campaign.status_changed' -> 'Status changed'. */
function actionName(action: string): string {
  const words = action.slice(action.indexOf('.') + 1).replaceAll('_', ' ');
  return words[0].toUpperCase() + words.slice(1);
}

export const PERIOD_ORDER_MESSAGE = 'The end date must not be before the start date';

/** The filters as the URL keeps them: member id, action, and local days (yyyy-MM-dd). */
function useFilterParams() {
  const [params, setParams] = useSearchParams();
  const value = (name: string) => params.get(name) ?? '';
  const set = (name: string, next: string) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set(name, next);
        else copy.delete(name);
        return copy;
      },
      { replace: true },
    );
  return {
    member: value('member'),
    action: value('action'),
    from: value('from'),
    to: value('to'),
    set,
    clear: () => setParams(new URLSearchParams(), { replace: true }),
  };
}

/** The days chosen as instants: from the first day's local midnight to the one after the last day. */
function toQuery(f: { member: string; action: string; from: string; to: string }): ActivityFilters {
  return {
    actorId: f.member ? Number(f.member) : undefined,
    action: f.action || undefined,
    from: f.from ? parseISO(f.from).toISOString() : undefined,
    to: f.to ? addDays(parseISO(f.to), 1).toISOString() : undefined,
  };
}

/**
 * The organisation's activity log (admins): who did what and when, newest first,
 * narrowed by member, action and days; older entries a page at a time.
 */
export function ActivityLog() {
  const { can } = useRole();
  const admin = can('admin');
  const filters = useFilterParams();
  const ids = { member: useId(), action: useId(), from: useId(), to: useId() };
  const periodError =
    filters.from && filters.to && filters.to < filters.from ? PERIOD_ORDER_MESSAGE : undefined;
  /** A filter control's id, value and change, kept in the address. */
  const bind = (name: keyof typeof ids) => ({
    id: ids[name],
    value: filters[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      filters.set(name, e.target.value),
  });
  const members = useMembers();
  const activity = useOrgActivity(toQuery(filters), admin && !periodError);

  if (!admin) {
    return (
      <SectionCard title="Recent changes" description="Who did what in the organization.">
        <p className="text-sm">This needs the admin role.</p>
      </SectionCard>
    );
  }

  const filtered = Boolean(filters.member || filters.action || filters.from || filters.to);
  const entries = activity.data?.pages.flat() ?? [];

  return (
    <SectionCard
      title="Recent changes"
      titleId="activity-log-title"
      description="Who did what in the organization, newest first: campaigns, assets, the team, settings, API keys and sign-ins."
    >
      <FilterForm
        label="Filter the activity log"
        className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-start"
      >
        <SelectField {...bind('member')} label="Member">
          <option value="">All members</option>
          {(members.data ?? []).map((m: Member) => (
            <option key={m.id} value={String(m.id)}>
              {displayName(m)} (@{m.username})
            </option>
          ))}
        </SelectField>
        <SelectField {...bind('action')} label="Action">
          <option value="">All actions</option>
          {GROUPS.map(([group, heading, noun]) => (
            <optgroup key={group} label={heading}>
              <option value={group}>Every {noun} action</option>
              {ACTIVITY_ACTIONS.filter((a) => actionGroup(a) === group).map((a) => (
                <option key={a} value={a}>
                  {heading}: {actionName(a).toLowerCase()}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <InputField {...bind('from')} label="From" type="date" />
        <InputField {...bind('to')} label="To" type="date" error={periodError} />
        <div className="flex items-end lg:pt-6">
          <Button type="button" variant="outline" onClick={filters.clear} disabled={!filtered}>
            Clear filters
          </Button>
        </div>
      </FilterForm>

      {periodError ? null : activity.isPending ? (
        <Spinner label="Loading activity" />
      ) : activity.isError ? (
        <QueryError title="The activity log could not be loaded" query={activity} />
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {filtered ? 'Nothing matches these filters.' : 'No activity yet.'}
        </p>
      ) : (
        <div className="space-y-4">
          <DataTable columns={['When', 'Member', 'What']}>
            {entries.map((entry) => (
              <ActivityRow key={entry.id} entry={entry} members={members.data} />
            ))}
          </DataTable>
          {activity.hasNextPage && (
            <Button
              variant="outline"
              onClick={() => void activity.fetchNextPage()}
              disabled={activity.isFetchingNextPage}
            >
              {activity.isFetchingNextPage ? 'Loading...' : 'Show older entries'}
            </Button>
          )}
        </div>
      )}
    </SectionCard>
  );
}

function ActivityRow({ entry, members }: { entry: OrgActivityItem; members?: Member[] }) {
  const member = entry.actor && members?.find((m) => m.id === entry.actor?.id);
  const who = member ? displayName(member) : entry.actor ? `@${entry.actor.username}` : 'A former member';
  const at = new Date(entry.at);
  return (
    <tr data-testid="activity-entry">
      <td className="whitespace-nowrap py-2 pr-4 align-top">
        <time dateTime={entry.at} title={at.toLocaleString()}>
          {format(at, 'MMM d, yyyy HH:mm')}
        </time>
      </td>
      <td className="py-2 pr-4 align-top">{who}</td>
      <td className="break-words py-2 align-top">{orgActivityLabel(entry)}</td>
    </tr>
  );
}
