import { Trans, useLingui } from '@lingui/react/macro';

/**
 * Said under figures the server could not count whole yet (`pendingSince`: the
 * rollups are behind after an import, a restore or a stopped job): they are true for
 * what they count, and the rest is on its way.
 */
export function PendingCountsNote({ since }: { since: string | null | undefined }) {
  const { i18n } = useLingui();
  if (!since) return null;
  const when = i18n.date(since, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <p role="status" className="text-xs text-muted-foreground">
      <Trans>Still counting activity since {when}: these figures will grow as it is counted.</Trans>
    </p>
  );
}
