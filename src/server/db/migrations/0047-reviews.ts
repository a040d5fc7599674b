import type { AnyDb, DialectName } from '../dialect.ts';
import { notNull, withId } from '../dialect.ts';
import { createIndex, ownedBy } from './lib/ddl.ts';

// Review before publishing (docs/api.md "Review and guardrails", docs/decisions/0034-review.md):
// - users.canReview: an editor an admin let approve (1) or not (0); admins always may.
// - campaignRevisions: a campaign's changes to its public fields that wait for a
//   reviewer. `changes`, `comments` and `contributors` (every member whose change is in
//   it: none of them may decide it) are JSON arrays. `openCampaignId` is the
//   campaign's id while the revision is open (pending or changes requested) and null
//   once decided or withdrawn: its unique index holds a campaign to one open revision.
// - campaignVersions: each approval's result, the public fields of the campaign and
//   its assets (`content`, JSON), numbered per campaign, with who approved it.
// A deleted account leaves its revisions and versions (its columns set null); the
// audit log keeps who it was.
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('canReview', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db.schema.createTable('campaignRevisions'), dialect)
    .addColumn('organizationId', 'integer', ownedBy('organizations.id'))
    .addColumn('campaignId', 'integer', ownedBy('campaigns.id'))
    .addColumn('openCampaignId', 'integer')
    .addColumn('state', 'text', notNull)
    .addColumn('changes', 'text', notNull)
    .addColumn('comments', 'text', notNull)
    .addColumn('submittedBy', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('contributors', 'text', notNull)
    .addColumn('submittedAt', 'text', notNull)
    .addColumn('decidedBy', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decidedAt', 'text')
    .execute();
  await createIndex(db, 'campaignRevisions_open_idx', 'campaignRevisions', ['openCampaignId'], {
    unique: true,
    whereNotNull: 'openCampaignId',
  });
  // The review list: an organisation's revisions by state, newest first.
  await createIndex(db, 'campaignRevisions_org_idx', 'campaignRevisions', ['organizationId', 'state', 'id']);
  await createIndex(db, 'campaignRevisions_campaign_idx', 'campaignRevisions', ['campaignId']);

  await withId(db.schema.createTable('campaignVersions'), dialect)
    .addColumn('organizationId', 'integer', ownedBy('organizations.id'))
    .addColumn('campaignId', 'integer', ownedBy('campaigns.id'))
    .addColumn('version', 'integer', notNull)
    .addColumn('revisionId', 'integer', ownedBy('campaignRevisions.id'))
    .addColumn('content', 'text', notNull)
    .addColumn('submittedBy', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('approvedBy', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('approvedAt', 'text', notNull)
    .execute();
  await createIndex(db, 'campaignVersions_campaign_idx', 'campaignVersions', ['campaignId', 'version'], {
    unique: true,
  });
}
