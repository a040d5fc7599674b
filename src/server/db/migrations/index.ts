import type { Migration } from 'kysely';
import type { AnyDb, DialectName } from '../dialect.ts';
import * as m0001 from './0001-initial.ts';
import * as m0002 from './0002-stats-covering-indexes.ts';
import * as m0003 from './0003-campaign-lifecycle.ts';
import * as m0004 from './0004-teams.ts';
import * as m0005 from './0005-abuse-guards.ts';
import * as m0006 from './0006-supporter-name.ts';
import * as m0007 from './0007-analytics.ts';
import * as m0008 from './0008-api-keys.ts';
import * as m0009 from './0009-supporter-ux.ts';
import * as m0010 from './0010-analytics-rollups.ts';
import * as m0011 from './0011-write-path.ts';
import * as m0012 from './0012-reminders.ts';
import * as m0013 from './0013-visits-and-variants.ts';
import * as m0014 from './0014-message-hashes.ts';
import * as m0016 from './0016-analytics-indexes.ts';
import * as m0017 from './0017-reminder-retries.ts';
import * as m0018 from './0018-source-rollups.ts';
import * as m0019 from './0019-rollup-fillfactor.ts';
import * as m0020 from './0020-campaign-dates.ts';
import * as m0021 from './0021-outbox.ts';
import * as m0022 from './0022-audit-actors.ts';
import * as m0023 from './0023-email-changes.ts';
import * as m0024 from './0024-name-skeletons.ts';
import * as m0025 from './0025-unconfirmed-clicks.ts';
import * as m0026 from './0026-exact-mailbox-confirmations.ts';
import * as m0027 from './0027-member-notifications.ts';
import * as m0028 from './0028-first-run-steps.ts';
import * as m0029 from './0029-share-outcomes.ts';
import * as m0030 from './0030-campaign-utm.ts';
import * as m0031 from './0031-instance-operators.ts';
import * as m0032 from './0032-organization-suspension.ts';
import * as m0033 from './0033-organization-figures.ts';
import * as m0034 from './0034-outcome-rollups.ts';
import * as m0035 from './0035-personal-data-retention.ts';
import * as m0037 from './0037-reminder-data-links.ts';
import * as m0039 from './0039-retention-schedules.ts';
import * as m0040 from './0040-audit-retention-plan.ts';
import * as m0041 from './0041-held-back-shares.ts';
import * as m0042 from './0042-languages.ts';
import * as m0043 from './0043-share-languages.ts';
import * as m0044 from './0044-webhooks.ts';
import * as m0045 from './0045-import-external-ids.ts';
import * as m0046 from './0046-supporter-guardrails.ts';
import * as m0047 from './0047-reviews.ts';
import * as m0048 from './0048-campaign-goals.ts';
import * as m0049 from './0049-recognition.ts';
import * as m0050 from './0050-moments.ts';
import * as m0051 from './0051-campaign-end-events.ts';
import * as m0052 from './0052-webhook-error-codes.ts';
import * as m0053 from './0053-momentum-keys.ts';
import * as m0054 from './0054-webhook-share-items.ts';

type DialectMigration = { up: (db: AnyDb, dialect: DialectName) => Promise<void> };

// Listed here, in order, so they bundle and run the same from any working directory.
const ALL: Record<string, DialectMigration> = {
  '0001-initial': m0001,
  '0002-stats-covering-indexes': m0002,
  '0003-campaign-lifecycle': m0003,
  '0004-teams': m0004,
  '0005-abuse-guards': m0005,
  '0006-supporter-name': m0006,
  '0007-analytics': m0007,
  '0008-api-keys': m0008,
  '0009-supporter-ux': m0009,
  '0010-analytics-rollups': m0010,
  '0011-write-path': m0011,
  '0012-reminders': m0012,
  '0013-visits-and-variants': m0013,
  '0014-message-hashes': m0014,
  '0016-analytics-indexes': m0016,
  '0017-reminder-retries': m0017,
  '0018-source-rollups': m0018,
  '0019-rollup-fillfactor': m0019,
  '0020-campaign-dates': m0020,
  '0021-outbox': m0021,
  '0022-audit-actors': m0022,
  '0023-email-changes': m0023,
  '0024-name-skeletons': m0024,
  '0025-unconfirmed-clicks': m0025,
  '0026-exact-mailbox-confirmations': m0026,
  '0027-member-notifications': m0027,
  '0028-first-run-steps': m0028,
  '0029-share-outcomes': m0029,
  '0030-campaign-utm': m0030,
  '0031-instance-operators': m0031,
  '0032-organization-suspension': m0032,
  '0033-organization-figures': m0033,
  '0034-outcome-rollups': m0034,
  '0035-personal-data-retention': m0035,
  '0037-reminder-data-links': m0037,
  '0039-retention-schedules': m0039,
  '0040-audit-retention-plan': m0040,
  '0041-held-back-shares': m0041,
  '0042-languages': m0042,
  '0043-share-languages': m0043,
  '0044-webhooks': m0044,
  '0045-import-external-ids': m0045,
  '0046-supporter-guardrails': m0046,
  '0047-reviews': m0047,
  '0048-campaign-goals': m0048,
  '0049-recognition': m0049,
  '0050-moments': m0050,
  '0051-campaign-end-events': m0051,
  '0052-webhook-error-codes': m0052,
  '0053-momentum-keys': m0053,
  '0054-webhook-share-items': m0054,
};

export function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(ALL).map(([name, m]) => [name, { up: (db: AnyDb) => m.up(db, dialect) }]),
  );
}
