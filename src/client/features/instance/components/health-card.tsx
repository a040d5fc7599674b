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
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Figure label="Version">{health.version}</Figure>
        <Figure label="Migrations applied">
          {migrations.applied}
          {migrations.pending.length > 0 && (
            <Badge variant="warning" className="ml-2">
              {migrations.pending.length} pending
            </Badge>
          )}
        </Figure>
        <Figure label={`Database (${health.database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'})`}>
          {formatBytes(health.database.sizeBytes)}
        </Figure>
        <Figure label="Uploads stored">
          {formatBytes(health.storage.usedBytes)}
          <span className="block text-xs font-normal text-muted-foreground">
            {health.storage.uploads} files
          </span>
        </Figure>
      </dl>
      <div>
        <h3 className="mb-2 text-sm font-semibold">Mail outbox</h3>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5">
          <Figure label="Waiting to send">{outbox.waiting}</Figure>
          <Figure label="Held">{outbox.held}</Figure>
          <Figure label="Sent (24 h)">{outbox.sent24h}</Figure>
          <Figure label="Failed (24 h)">{outbox.failed24h}</Figure>
          <Figure label="Expired (24 h)">{outbox.expired24h}</Figure>
        </dl>
      </div>
      <div>
        <h3 className="mb-2 text-sm font-semibold">Background jobs</h3>
        <DataTable columns={['Job', 'Behind by', 'Last run', 'What is measured']}>
          {health.jobs.map((job) => (
            <tr key={job.name}>
              <td className="py-2 pr-4 font-medium">{job.name}</td>
              <td className="py-2 pr-4">
                {job.lagSeconds >= LATE_SECONDS ? (
                  <Badge variant="warning">{formatLag(job.lagSeconds)}</Badge>
                ) : (
                  formatLag(job.lagSeconds)
                )}
              </td>
              <td className="whitespace-nowrap py-2 pr-4">
                {job.lastRunAt ? formatAgo(job.lastRunAt) : '—'}
              </td>
              <td className="py-2 text-muted-foreground">{job.measures}</td>
            </tr>
          ))}
        </DataTable>
      </div>
      <p className="text-xs text-muted-foreground">
        Migration {migrations.latest ?? 'none'} · checked {formatAgo(health.checkedAt)} · the same figures are
        on /metrics.
      </p>
    </div>
  );
}

/** The instance's health (operators): version, migrations, database, storage, outbox, job lag. */
export function HealthCard() {
  const query = useInstanceHealth();
  return (
    <SectionCard
      title="Instance health"
      titleId="instance-health-title"
      description="How far the background jobs are behind, the mail outbox, storage and the database."
    >
      <QueryView
        query={query}
        loading="Loading instance health"
        failed="The instance health could not be loaded"
      >
        {(health) => <HealthFigures health={health} />}
      </QueryView>
    </SectionCard>
  );
}
