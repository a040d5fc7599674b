import { Trans, useLingui } from '@lingui/react/macro';
import { DownloadIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { LeaderboardKind, LeaderboardRow } from '#shared/schemas/recognition.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FilterForm } from '#client/components/ui/filter-form.tsx';
import { Input, Select } from '#client/components/ui/input.tsx';
import { QueryError } from '#client/components/ui/load-error.tsx';
import { Options } from '#client/components/ui/options.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { errorMessage, hasErrorCode } from '#client/lib/api-client.ts';
import { useOrgId } from '#client/features/auth/index.ts';
import { useCampaigns } from '#client/features/campaigns/index.ts';
import { RoleLocked } from '#client/features/organization/index.ts';
import { toastError } from '#client/components/ui/use-toast.ts';
import {
  type LeaderboardFilter,
  leaderboardCsvUrl,
  useLeaderboard,
  useSetNameHidden,
} from '../api/get-leaderboard.ts';

// The staff leaderboard (docs/api.md "Staff leaderboard"): supporters or members by
// shares, then recruits, for a campaign or all and a period of UTC days or all time,
// with its CSV. Editors hide a supporter's name from every board, or show it again.

type Period = 'all' | '7' | '30' | '90' | 'custom';

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY = 86_400_000;

/** The period's days (UTC, both ends included); none for all time. */
function periodRange(period: Period, custom: { from: string; to: string }): { from?: string; to?: string } {
  if (period === 'all') return {};
  if (period === 'custom') return { from: custom.from || undefined, to: custom.to || undefined };
  const now = Date.now();
  return { from: utcDay(now - (Number(period) - 1) * DAY), to: utcDay(now) };
}

export function LeaderboardPanel() {
  const { t } = useLingui();
  const id = useId();
  const orgId = useOrgId();
  const campaigns = useCampaigns(orgId, { status: 'all' });
  const [kind, setKind] = useState<LeaderboardKind>('supporters');
  const [campaignId, setCampaignId] = useState<number | undefined>();
  const [period, setPeriod] = useState<Period>('all');
  const [custom, setCustom] = useState({ from: '', to: '' });
  const filter: LeaderboardFilter = { kind, campaignId, ...periodRange(period, custom) };
  const query = useLeaderboard(filter);
  const rangeProblem = hasErrorCode(query.error, 'VALIDATION_FAILED')
    ? errorMessage(query.error, t`This period cannot be shown.`)
    : null;

  return (
    <div className="space-y-4">
      <FilterForm label={t`Filter the leaderboard`} className="flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <label htmlFor={`${id}-kind`} className="block text-sm font-medium">
            <Trans>Show</Trans>
          </label>
          <Select id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as LeaderboardKind)}>
            <option value="supporters">{t`Supporters`}</option>
            <option value="members">{t`Members`}</option>
          </Select>
        </div>
        <div className="min-w-0 space-y-1">
          <label htmlFor={`${id}-campaign`} className="block text-sm font-medium">
            <Trans>Campaign</Trans>
          </label>
          <Select
            id={`${id}-campaign`}
            value={campaignId ?? ''}
            onChange={(e) => setCampaignId(e.target.value ? Number(e.target.value) : undefined)}
            className="max-w-64"
          >
            <option value="">{t`All campaigns`}</option>
            <Options items={campaigns.data ?? []} value={(c) => c.id} label={(c) => c.name} />
          </Select>
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-period`} className="block text-sm font-medium">
            <Trans>Period</Trans>
          </label>
          <Select id={`${id}-period`} value={period} onChange={(e) => setPeriod(e.target.value as Period)}>
            <option value="all">{t`All time`}</option>
            <option value="7">{t`Last 7 days`}</option>
            <option value="30">{t`Last 30 days`}</option>
            <option value="90">{t`Last 90 days`}</option>
            <option value="custom">{t`Custom`}</option>
          </Select>
        </div>
        {period === 'custom' && (
          <>
            <div className="space-y-1">
              <label htmlFor={`${id}-from`} className="block text-sm font-medium">
                <Trans>From (UTC)</Trans>
              </label>
              <Input
                id={`${id}-from`}
                type="date"
                value={custom.from}
                onChange={(e) => setCustom({ ...custom, from: e.target.value })}
              />
            </div>
            <div className="space-y-1">
              <label htmlFor={`${id}-to`} className="block text-sm font-medium">
                <Trans>To (UTC)</Trans>
              </label>
              <Input
                id={`${id}-to`}
                type="date"
                value={custom.to}
                onChange={(e) => setCustom({ ...custom, to: e.target.value })}
              />
            </div>
          </>
        )}
        <Button asChild variant="outline" size="sm" className="ms-auto">
          <a href={leaderboardCsvUrl(filter)} download>
            <DownloadIcon aria-hidden /> <Trans>Export CSV</Trans>
          </a>
        </Button>
      </FilterForm>
      {rangeProblem ? (
        <p role="alert" className="text-sm text-destructive">
          {rangeProblem}
        </p>
      ) : query.isError ? (
        <QueryError title={t`The leaderboard could not be loaded`} query={query} />
      ) : query.data ? (
        <LeaderboardTable rows={query.data} kind={kind} />
      ) : (
        <div className="flex h-40 items-center justify-center">
          <Spinner label={t`Loading the leaderboard`} />
        </div>
      )}
    </div>
  );
}

function LeaderboardTable({ rows, kind }: { rows: LeaderboardRow[]; kind: LeaderboardKind }) {
  const { t, i18n } = useLingui();
  if (rows.length === 0)
    return (
      <p className="rounded-md bg-muted p-6 text-center text-sm text-muted-foreground">
        <Trans>Nobody has shared in this period yet.</Trans>
      </p>
    );
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="leaderboard">
        <caption className="sr-only">
          {kind === 'members' ? t`Members by shares` : t`Supporters by shares`}
        </caption>
        <thead>
          <tr className="border-b text-start">
            <th scope="col" className="py-2 pe-2 text-start">
              <Trans>Rank</Trans>
            </th>
            <th scope="col" className="py-2 pe-2 text-start">
              <Trans>Name</Trans>
            </th>
            <th scope="col" className="py-2 pe-2 text-end">
              <Trans>Shares</Trans>
            </th>
            <th scope="col" className="py-2 pe-2 text-end">
              <Trans>Click-throughs</Trans>
            </th>
            <th scope="col" className="py-2 pe-2 text-end">
              <Trans>Recruits</Trans>
            </th>
            {kind === 'supporters' && (
              <th scope="col" className="py-2 text-end">
                <span className="sr-only">
                  <Trans>Name on the boards</Trans>
                </span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.rank}:${r.name}:${r.profileId ?? ''}`} className="border-b last:border-0">
              <td className="py-2 pe-2 tabular-nums">{i18n.number(r.rank)}</td>
              <td className="py-2 pe-2" dir="auto">
                {r.name}
                {r.hidden && (
                  <Badge variant="secondary" className="ms-2">
                    <Trans>Name hidden</Trans>
                  </Badge>
                )}
              </td>
              <td className="py-2 pe-2 text-end tabular-nums">{i18n.number(r.shares)}</td>
              <td className="py-2 pe-2 text-end tabular-nums">{i18n.number(r.clickThroughs)}</td>
              <td className="py-2 pe-2 text-end tabular-nums">{i18n.number(r.recruits)}</td>
              {kind === 'supporters' && (
                <td className="py-2 text-end">{r.profileId !== null && <HideButton row={r} />}</td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function HideButton({ row }: { row: LeaderboardRow }) {
  const { t } = useLingui();
  const setHidden = useSetNameHidden();
  const label = row.hidden ? t`Unhide name` : t`Hide name`;
  return (
    <RoleLocked needs="editor" label={label} size="sm" variant="outline">
      <Button
        size="sm"
        variant="outline"
        disabled={setHidden.isPending}
        aria-label={row.hidden ? t`Unhide the name of ${row.name}` : t`Hide the name ${row.name}`}
        onClick={() =>
          setHidden.mutate(
            { profileId: row.profileId as number, hidden: !row.hidden },
            {
              onError: (err) => toastError(t`The name could not be changed`, err, t`Please try again.`),
            },
          )
        }
      >
        {label}
      </Button>
    </RoleLocked>
  );
}
