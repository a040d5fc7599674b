import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { addDays, parseISO } from 'date-fns';
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
import { type ActivityFilters, activityCsvUrl, useOrgActivity } from '../api/activity.ts';
import { useMembers } from '../api/members.ts';
import { useRole } from '../hooks/use-role.ts';

/** The groups of actions, in the filter's order: [group, heading, the option for all of them]. */
const GROUPS: [group: string, heading: MessageDescriptor, every: MessageDescriptor][] = [
  ['campaign', msg`Campaigns`, msg`Every campaign action`],
  ['asset', msg`Assets`, msg`Every asset action`],
  ['template', msg`Templates`, msg`Every template action`],
  ['upload', msg`Uploads`, msg`Every upload action`],
  ['member', msg`Members`, msg`Every member action`],
  ['invitation', msg`Invitations`, msg`Every invitation action`],
  ['api_key', msg`API keys`, msg`Every API key action`],
  ['organization', msg`Organization`, msg`Every organization action`],
  ['privacy', msg`Data requests`, msg`Every data request action`],
  ['supporter_name', msg`Supporter names`, msg`Every supporter name action`],
  ['account', msg`Accounts`, msg`Every account action`],
  ['auth', msg`Sign-ins`, msg`Every sign-in action`],
];

/** Each action's option in the filter: its group's heading, then what happened. */
const ACTION_NAMES: Record<string, MessageDescriptor> = {
  'auth.sign_in': msg`Sign-ins: sign in`,
  'auth.sign_out': msg`Sign-ins: sign out`,
  'account.profile_updated': msg`Accounts: profile updated`,
  'account.password_changed': msg`Accounts: password changed`,
  'account.password_reset': msg`Accounts: password reset`,
  'account.session_ended': msg`Accounts: session ended`,
  'account.email_change_requested': msg`Accounts: email change requested`,
  'account.email_changed': msg`Accounts: email changed`,
  'account.email_change_undone': msg`Accounts: email change undone`,
  'account.notifications_updated': msg`Accounts: notifications updated`,
  'account.deleted': msg`Accounts: deleted`,
  'organization.created': msg`Organization: created`,
  'organization.settings_updated': msg`Organization: settings updated`,
  'member.joined': msg`Members: joined`,
  'member.role_changed': msg`Members: role changed`,
  'member.removed': msg`Members: removed`,
  'member.left': msg`Members: left`,
  'invitation.created': msg`Invitations: created`,
  'invitation.revoked': msg`Invitations: revoked`,
  'api_key.created': msg`API keys: created`,
  'api_key.revoked': msg`API keys: revoked`,
  'campaign.created': msg`Campaigns: created`,
  'campaign.updated': msg`Campaigns: updated`,
  'campaign.status_changed': msg`Campaigns: status changed`,
  'campaign.archived': msg`Campaigns: archived`,
  'campaign.duplicated': msg`Campaigns: duplicated`,
  'asset.created': msg`Assets: created`,
  'asset.updated': msg`Assets: updated`,
  'asset.deleted': msg`Assets: deleted`,
  'moment.created': msg`Shared moments: set`,
  'moment.deleted': msg`Shared moments: deleted`,
  'campaign.assets_reordered': msg`Campaigns: assets reordered`,
  'template.created': msg`Templates: created`,
  'template.used': msg`Templates: used`,
  'upload.created': msg`Uploads: created`,
  'privacy.exported': msg`Data requests: exported`,
  'privacy.erased': msg`Data requests: erased`,
  'supporter_name.hidden': msg`Supporter names: hidden`,
  'supporter_name.unhidden': msg`Supporter names: shown again`,
};

/** An action this client has no words for: 'campaign.status_changed' -> 'status changed'. */
const actionWords = (action: string) => action.slice(action.indexOf('.') + 1).replaceAll('_', ' ');

const PERIOD_ORDER_MESSAGE = msg`The end date must not be before the start date`;

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
  const { t, i18n } = useLingui();
  const ids = { member: useId(), action: useId(), from: useId(), to: useId() };
  const periodError =
    filters.from && filters.to && filters.to < filters.from ? i18n._(PERIOD_ORDER_MESSAGE) : undefined;
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
      <SectionCard title={t`Recent changes`} description={t`Who did what in the organization.`}>
        <p className="text-sm">
          <Trans>This needs the admin role.</Trans>
        </p>
      </SectionCard>
    );
  }

  const filtered = Boolean(filters.member || filters.action || filters.from || filters.to);
  const entries = activity.data?.pages.flat() ?? [];

  return (
    <SectionCard
      title={t`Recent changes`}
      titleId="activity-log-title"
      description={t`Who did what in the organization, newest first: campaigns, assets, the team, settings, API keys and sign-ins.`}
    >
      <FilterForm
        label={t`Filter the activity log`}
        className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-start"
      >
        <SelectField {...bind('member')} label={t`Member`}>
          <option value="">{t`All members`}</option>
          {(members.data ?? []).map((m: Member) => (
            <option key={m.id} value={String(m.id)}>
              {displayName(m)} (@{m.username})
            </option>
          ))}
        </SelectField>
        <SelectField {...bind('action')} label={t`Action`}>
          <option value="">{t`All actions`}</option>
          {GROUPS.map(([group, heading, every]) => (
            <optgroup key={group} label={i18n._(heading)}>
              <option value={group}>{i18n._(every)}</option>
              {ACTIVITY_ACTIONS.filter((a) => actionGroup(a) === group).map((a) => (
                <option key={a} value={a}>
                  {a in ACTION_NAMES ? i18n._(ACTION_NAMES[a]) : `${i18n._(heading)}: ${actionWords(a)}`}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <InputField {...bind('from')} label={t`From`} type="date" />
        <InputField {...bind('to')} label={t`To`} type="date" error={periodError} />
        <div className="flex items-end lg:pt-6">
          <Button type="button" variant="outline" onClick={filters.clear} disabled={!filtered}>
            <Trans>Clear filters</Trans>
          </Button>
          <Button asChild variant="outline" className="ms-2">
            <a href={activityCsvUrl(toQuery(filters))} download>
              <Trans>Download CSV</Trans>
            </a>
          </Button>
        </div>
      </FilterForm>

      {periodError ? null : activity.isPending ? (
        <Spinner label={t`Loading activity`} />
      ) : activity.isError ? (
        <QueryError title={t`The activity log could not be loaded`} query={activity} />
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {filtered ? t`Nothing matches these filters.` : t`No activity yet.`}
        </p>
      ) : (
        <div className="space-y-4">
          <DataTable columns={[t`When`, t`Member`, t`What`]}>
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
              {activity.isFetchingNextPage ? t`Loading...` : t`Show older entries`}
            </Button>
          )}
        </div>
      )}
    </SectionCard>
  );
}

function ActivityRow({ entry, members }: { entry: OrgActivityItem; members?: Member[] }) {
  const { t, i18n } = useLingui();
  const member = entry.actor && members?.find((m) => m.id === entry.actor?.id);
  const who = member ? displayName(member) : entry.actor ? `@${entry.actor.username}` : t`A former member`;
  const at = new Date(entry.at);
  return (
    <tr data-testid="activity-entry">
      <td className="whitespace-nowrap py-2 pe-4 align-top">
        <time dateTime={entry.at} title={at.toLocaleString(i18n.locale)}>
          {i18n.date(at, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' })}
        </time>
      </td>
      <td className="py-2 pe-4 align-top" dir="auto">
        {who}
      </td>
      <td className="break-words py-2 align-top" dir="auto">
        {orgActivityLabel(entry)}
      </td>
    </tr>
  );
}
