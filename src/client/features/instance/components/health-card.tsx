import { Trans, useLingui } from '@lingui/react/macro';
import type { InstanceHealth } from '#shared/schemas/instance-console.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { DataTable } from '#client/components/ui/data-table.tsx';
import { QueryView } from '#client/components/ui/query-view.tsx';
import { useInstanceHealth } from '../api/console.ts';
import { formatAgo, formatBytes, formatLag } from '../lib/format.ts';

/** A job this far behind is worth a look. */
const LATE_SECONDS = 15 * 60;

/** One figure: its name above, its value below. */
function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

function HealthFigures({ health }: { health: InstanceHealth }) {
  const { outbox, migrations } = health;
  const { t, i18n } = useLingui();
  const pending = i18n.number(migrations.pending.length);
  const files = i18n.number(health.storage.uploads);
  const dialect = health.database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite';
  const latest = migrations.latest ?? t`none`;
  const checked = formatAgo(i18n, health.checkedAt);
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Figure label={t`Version`}>{health.version}</Figure>
        <Figure label={t`Migrations applied`}>
          {i18n.number(migrations.applied)}
          {migrations.pending.length > 0 && (
            <Badge variant="warning" className="ms-2">
              <Trans>{pending} pending</Trans>
            </Badge>
          )}
        </Figure>
        <Figure label={t`Database (${dialect})`}>{formatBytes(i18n, health.database.sizeBytes)}</Figure>
        <Figure label={t`Uploads stored`}>
          {formatBytes(i18n, health.storage.usedBytes)}
          <span className="block text-xs font-normal text-muted-foreground">
            <Trans>{files} files</Trans>
          </span>
        </Figure>
      </dl>
      <div>
        <h3 className="mb-2 text-sm font-semibold">
          <Trans>Mail outbox</Trans>
        </h3>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5">
          <Figure label={t`Waiting to send`}>{i18n.number(outbox.waiting)}</Figure>
          <Figure label={t`Held`}>{i18n.number(outbox.held)}</Figure>
          <Figure label={t`Sent (24 h)`}>{i18n.number(outbox.sent24h)}</Figure>
          <Figure label={t`Failed (24 h)`}>{i18n.number(outbox.failed24h)}</Figure>
          <Figure label={t`Expired (24 h)`}>{i18n.number(outbox.expired24h)}</Figure>
        </dl>
      </div>
      <div>
        <h3 className="mb-2 text-sm font-semibold">
          <Trans>Background jobs</Trans>
        </h3>
        <DataTable columns={[t`Job`, t`Behind by`, t`Last run`, t`What is measured`]}>
          {health.jobs.map((job) => (
            <tr key={job.name}>
              <td className="py-2 pe-4 font-medium">{job.name}</td>
              <td className="py-2 pe-4">
                {job.lagSeconds >= LATE_SECONDS ? (
                  <Badge variant="warning">{formatLag(i18n, job.lagSeconds)}</Badge>
                ) : (
                  formatLag(i18n, job.lagSeconds)
                )}
              </td>
              <td className="whitespace-nowrap py-2 pe-4">
                {job.lastRunAt ? formatAgo(i18n, job.lastRunAt) : '—'}
              </td>
              <td className="py-2 text-muted-foreground">{job.measures}</td>
            </tr>
          ))}
        </DataTable>
      </div>
      <p className="text-xs text-muted-foreground">
        <Trans>
          Migration {latest} · checked {checked} · the same figures are on <bdi>/metrics</bdi>.
        </Trans>
      </p>
    </div>
  );
}

/** The instance's health (operators): version, migrations, database, storage, outbox, job lag. */
export function HealthCard() {
  const query = useInstanceHealth();
  const { t } = useLingui();
  return (
    <SectionCard
      title={t`Instance health`}
      titleId="instance-health-title"
      description={t`How far the background jobs are behind, the mail outbox, storage and the database.`}
    >
      <QueryView
        query={query}
        loading={t`Loading instance health`}
        failed={t`The instance health could not be loaded`}
      >
        {(health) => <HealthFigures health={health} />}
      </QueryView>
    </SectionCard>
  );
}
