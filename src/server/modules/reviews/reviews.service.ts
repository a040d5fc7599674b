import type { Selectable, Transaction } from 'kysely';
import { OWN_SUBMISSION_MESSAGE, REVIEW_NOT_PENDING_MESSAGE } from '#shared/errors.ts';
import { PUBLIC_ASSET_FIELDS, PUBLIC_CAMPAIGN_FIELDS } from '#shared/review.ts';
import { mayReview, REVIEWER_NEEDED_MESSAGE } from '#shared/schemas/members.ts';
import type {
  CampaignVersion,
  Review,
  ReviewChange,
  ReviewComment,
  ReviewState,
} from '#shared/schemas/reviews.ts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { DialectName } from '../../db/dialect.ts';
import type { CampaignRevisionsTable, Database } from '../../db/schema.ts';
import { type Audit, auditedTransaction } from '../../lib/audit.ts';
import { type CallerWrite, lockOwnCampaign } from '../../lib/campaign-write.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { OrgRead } from '../../lib/org-scope.ts';
import { getOwnCampaign, toCampaign } from '../../lib/own-campaign.ts';
import type { FileStorage } from '../../lib/storage.ts';
import type { SupporterCacheInvalidator } from '../../lib/supporter-cache-invalidator.ts';
import { nowIso } from '../../lib/time.ts';
import { assetsOfCampaign } from '../assets/index.ts';
import { queueNoticeMail, reviewDecidedContent, reviewWaitingContent } from '../notifications/index.ts';
import { applyChanges, mergeChanges, undone } from './review-changes.ts';
import type { MessageLocale } from '../../lib/messages.ts';

// Review before publishing (docs/api.md "Review and guardrails", docs/decisions/0034):
// a campaign's one open revision, what happens to it (submitted, changes requested,
// approved, withdrawn), and the approved versions. The live rows change only at an
// approval, through the campaign and asset services.

export const NOTHING_WAITS = 'Nothing waits for review';

/** What a review write needs: the write context, the upload store, and mail's. */
export type ReviewWrite = CallerWrite & { storage: FileStorage; dialect: DialectName; config: Config };

type Row = Selectable<CampaignRevisionsTable>;

const personName = (u: { username: string; firstName: string | null; lastName: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username;

/** The names of these members, by id. */
async function namesOf(db: Pick<Db, 'selectFrom'>, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'firstName', 'lastName'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((u) => [u.id, personName(u)]));
}

const person = (names: Map<number, string>, id: number | null) =>
  id === null ? null : { id, name: names.get(id) ?? '' };

async function toReviews(
  db: Pick<Db, 'selectFrom'>,
  rows: (Row & { campaignName: string })[],
): Promise<Review[]> {
  const names = await namesOf(
    db,
    rows.flatMap((r) => [r.submittedBy, r.decidedBy]),
  );
  return rows.map((r) => ({
    id: r.id,
    campaignId: r.campaignId,
    campaignName: r.campaignName,
    state: r.state as ReviewState,
    submittedBy: person(names, r.submittedBy),
    submittedAt: r.submittedAt,
    decidedBy: person(names, r.decidedBy),
    decidedAt: r.decidedAt,
    changes: JSON.parse(r.changes) as ReviewChange[],
    comments: JSON.parse(r.comments) as ReviewComment[],
  }));
}

const revisions = (db: Pick<Db, 'selectFrom'>, orgId: number) =>
  db
    .selectFrom('campaignRevisions as r')
    .innerJoin('campaigns as c', 'c.id', 'r.campaignId')
    .selectAll('r')
    .select('c.name as campaignName')
    .where('r.organizationId', '=', orgId);

/** GET /api/reviews: the organisation's revisions in a state (or all), newest first. */
export async function listReviews(
  opts: OrgRead & { state: 'pending' | 'changes_requested' | 'approved' | 'all' },
): Promise<Review[]> {
  let q = revisions(opts.db, opts.orgId);
  if (opts.state !== 'all') q = q.where('r.state', '=', opts.state);
  return toReviews(opts.db, await q.orderBy('r.id', 'desc').limit(200).execute());
}

/** The campaign's open revision (pending or changes requested), or undefined. */
export async function openReview(
  db: Pick<Db, 'selectFrom'>,
  orgId: number,
  campaignId: number,
): Promise<Review | undefined> {
  const row = await revisions(db, orgId).where('r.openCampaignId', '=', campaignId).executeTakeFirst();
  return row ? (await toReviews(db, [row]))[0] : undefined;
}

/** GET /api/campaigns/:id/review: 404 for another organisation's campaign, or when nothing waits. */
export async function getOpenReview(opts: OrgRead & { campaignId: number }): Promise<Review> {
  await getOwnCampaign(opts);
  const review = await openReview(opts.db, opts.orgId, opts.campaignId);
  if (!review) throw notFound('NOT_FOUND', NOTHING_WAITS);
  return review;
}

/** The members who may decide, but not `except` (the author). */
async function reviewerIds(trx: Pick<Db, 'selectFrom'>, orgId: number, except: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('users')
    .select(['id', 'role', 'canReview'])
    .where('organizationId', '=', orgId)
    .where('id', '!=', except)
    .where('role', 'in', ['admin', 'editor'])
    .execute();
  return rows.filter((u) => mayReview(u.role, u.canReview)).map((u) => u.id);
}

/** Mails a review notice to `ids`, in the transaction, through the staff notification path. */
async function notify(
  trx: Transaction<Database>,
  ctx: Pick<ReviewWrite, 'dialect' | 'config' | 'orgId'>,
  ids: number[],
  campaignId: number,
  content: (
    org: string,
    campaignUrl: string,
    locale: MessageLocale,
  ) => ReturnType<typeof reviewWaitingContent>,
): Promise<void> {
  const org = await trx
    .selectFrom('organizations')
    .select(['name', 'defaultLanguage'])
    .where('id', '=', ctx.orgId)
    .executeTakeFirstOrThrow();
  await queueNoticeMail(trx, ctx, {
    organizationId: ctx.orgId,
    org,
    sw: 'reviews',
    filter: { ids },
    content: (origin, locale) => content(org.name, `${origin}/campaigns/${campaignId}`, locale),
    now: Date.now(),
    logKey: `review:${campaignId}`,
  });
}

/** Records the cache invalidations of writes inside a transaction, to tell the cache after the commit. */
function collector(): SupporterCacheInvalidator & { flush(to: SupporterCacheInvalidator): void } {
  const ids = new Set<number>();
  let all = false;
  return {
    invalidate: (id) => void ids.add(id),
    invalidateAll: () => {
      all = true;
    },
    flush(to) {
      if (all) to.invalidateAll();
      for (const id of ids) to.invalidate(id);
    },
  };
}

/**
 * An editor's public changes to a campaign (the review gate's): merged into its open
 * revision (or a new one), checked by applying the whole revision and undoing it (the
 * services' own refusals, at submission), and `internal` applied for real, all in one
 * transaction. A new or resubmitted revision mails the reviewers.
 */
export async function submitChanges(
  opts: ReviewWrite & {
    campaignId: number;
    changes: ReviewChange[];
    /** The same call's internal fields, applied at once through their service. */
    internal?: (ctx: ReviewWrite & { db: Transaction<Database> }) => Promise<unknown>;
  },
): Promise<Review> {
  const { orgId, actorId, campaignId } = opts;
  const cache = collector();
  const who = { organizationId: orgId, actorId, apiKeyId: opts.apiKeyId ?? null };
  const review = await auditedTransaction(opts.db, who, async (trx, audit) => {
    const ctx = { ...opts, db: trx, supporterCache: cache };
    const campaign = await lockOwnCampaign(trx, orgId, campaignId);
    if (opts.internal) await opts.internal(ctx);
    const open = await trx
      .selectFrom('campaignRevisions')
      .selectAll()
      .where('openCampaignId', '=', campaignId)
      .executeTakeFirst();
    const changes = mergeChanges(open ? (JSON.parse(open.changes) as ReviewChange[]) : [], opts.changes);
    await undone(trx, () => applyChanges(ctx, campaignId, changes));
    const now = nowIso();
    // New, or submitted again after changes were asked for: the reviewers hear of it.
    const news = open?.state !== 'pending';
    let id: number;
    if (open) {
      id = open.id;
      await trx
        .updateTable('campaignRevisions')
        .set({
          changes: JSON.stringify(changes),
          state: 'pending',
          submittedBy: actorId,
          contributors: JSON.stringify([...new Set([...contributorsOf(open), actorId])]),
          submittedAt: now,
        })
        .where('id', '=', open.id)
        .execute();
    } else {
      ({ id } = await trx
        .insertInto('campaignRevisions')
        .values({
          organizationId: orgId,
          campaignId,
          openCampaignId: campaignId,
          state: 'pending',
          changes: JSON.stringify(changes),
          comments: '[]',
          submittedBy: actorId,
          contributors: JSON.stringify([actorId]),
          submittedAt: now,
          decidedBy: null,
          decidedAt: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow());
    }
    await audit('review.submitted', campaign.name);
    if (news) {
      const author = (await namesOf(trx, [actorId])).get(actorId) ?? '';
      await notify(trx, opts, await reviewerIds(trx, orgId, actorId), campaignId, (org, url, locale) =>
        reviewWaitingContent(locale, org, { campaign: campaign.name, author }, url),
      );
    }
    const [out] = await toReviews(trx, [
      {
        ...(await trx
          .selectFrom('campaignRevisions')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow()),
        campaignName: campaign.name,
      },
    ]);
    return out;
  });
  cache.flush(opts.supporterCache);
  return review;
}

/** The open revision, locked with its campaign; 404 when none, 403 to its own author. */
async function decidable(trx: Transaction<Database>, opts: ReviewWrite & { campaignId: number }) {
  const campaign = await lockOwnCampaign(trx, opts.orgId, opts.campaignId);
  const open = await trx
    .selectFrom('campaignRevisions')
    .selectAll()
    .where('openCampaignId', '=', opts.campaignId)
    .executeTakeFirst();
  if (!open) throw notFound('NOT_FOUND', NOTHING_WAITS);
  return { campaign, open };
}

const withComment = (
  raw: string,
  actorId: number,
  names: Map<number, string>,
  decision: ReviewComment['decision'],
  text: string | undefined,
): string => {
  const comments = JSON.parse(raw) as ReviewComment[];
  comments.push({ by: person(names, actorId), at: nowIso(), decision, text: text ?? '' });
  return JSON.stringify(comments);
};

/** Every member whose change is in the revision (its last submitter among them). */
const contributorsOf = (r: { contributors: string; submittedBy: number | null }): number[] => [
  ...(JSON.parse(r.contributors) as number[]),
  ...(r.submittedBy === null ? [] : [r.submittedBy]),
];

/** Nobody decides a change of their own, even one another editor added to since. */
const isContributor = (r: { contributors: string; submittedBy: number | null }, userId: number) =>
  contributorsOf(r).includes(userId);

/** The public fields of the campaign and its assets now (a version's content). */
async function publicContent(trx: Transaction<Database>, campaignId: number) {
  const row = toCampaign(
    await trx.selectFrom('campaigns').selectAll().where('id', '=', campaignId).executeTakeFirstOrThrow(),
  );
  const campaign: Record<string, unknown> = { status: row.status };
  for (const f of PUBLIC_CAMPAIGN_FIELDS) campaign[f] = row[f] ?? null;
  const assets = (await assetsOfCampaign(trx, campaignId)).map((a) => {
    const out: Record<string, unknown> = { id: a.id };
    for (const f of PUBLIC_ASSET_FIELDS) out[f] = a[f as keyof typeof a] ?? null;
    return out;
  });
  return { campaign, assets };
}

/**
 * POST /api/campaigns/:id/review/approve: the revision's changes applied to the live
 * rows through the services, a version recorded, the author told; one transaction, and
 * the supporter cache told after it.
 */
export async function approveReview(
  opts: ReviewWrite & { campaignId: number; comment?: string },
): Promise<{ review: Review; version: CampaignVersion }> {
  const cache = collector();
  const who = { organizationId: opts.orgId, actorId: opts.actorId, apiKeyId: opts.apiKeyId ?? null };
  const result = await auditedTransaction(opts.db, who, async (trx, audit) => {
    const { campaign, open } = await decidable(trx, opts);
    if (isContributor(open, opts.actorId)) throw forbidden('OWN_SUBMISSION', OWN_SUBMISSION_MESSAGE);
    if (open.state !== 'pending') throw conflict('REVIEW_NOT_PENDING', REVIEW_NOT_PENDING_MESSAGE);
    const changes = JSON.parse(open.changes) as ReviewChange[];
    await applyChanges({ ...opts, db: trx, supporterCache: cache }, opts.campaignId, changes);
    const names = await namesOf(trx, [opts.actorId, open.submittedBy]);
    const now = nowIso();
    await trx
      .updateTable('campaignRevisions')
      .set({
        state: 'approved',
        openCampaignId: null,
        decidedBy: opts.actorId,
        decidedAt: now,
        comments: opts.comment
          ? withComment(open.comments, opts.actorId, names, 'approved', opts.comment)
          : open.comments,
      })
      .where('id', '=', open.id)
      .execute();
    const last = await trx
      .selectFrom('campaignVersions')
      .select((eb) => eb.fn.max('version').as('n'))
      .where('campaignId', '=', opts.campaignId)
      .executeTakeFirst();
    const version = Number(last?.n ?? 0) + 1;
    const content = await publicContent(trx, opts.campaignId);
    await trx
      .insertInto('campaignVersions')
      .values({
        organizationId: opts.orgId,
        campaignId: opts.campaignId,
        version,
        revisionId: open.id,
        content: JSON.stringify(content),
        submittedBy: open.submittedBy,
        approvedBy: opts.actorId,
        approvedAt: now,
      })
      .execute();
    await audit('review.approved', `${content.campaign.name} (version ${version})`);
    await tellAuthor(trx, opts, open.submittedBy, campaign.name, names, 'approved');
    const review = (await openOrDecided(trx, opts.orgId, open.id)) as Review;
    return {
      review,
      version: {
        version,
        revisionId: open.id,
        approvedBy: person(names, opts.actorId),
        approvedAt: now,
        submittedBy: person(names, open.submittedBy),
        content,
      },
    };
  });
  cache.flush(opts.supporterCache);
  return result;
}

async function openOrDecided(db: Pick<Db, 'selectFrom'>, orgId: number, id: number) {
  const row = await revisions(db, orgId).where('r.id', '=', id).executeTakeFirstOrThrow();
  return (await toReviews(db, [row]))[0];
}

async function tellAuthor(
  trx: Transaction<Database>,
  opts: ReviewWrite & { campaignId: number; comment?: string },
  authorId: number | null,
  campaignName: string,
  names: Map<number, string>,
  decision: 'approved' | 'changes_requested',
) {
  if (authorId === null) return;
  const reviewer = names.get(opts.actorId) ?? '';
  await notify(trx, opts, [authorId], opts.campaignId, (org, url, locale) =>
    reviewDecidedContent(
      locale,
      org,
      { campaign: campaignName, reviewer, decision, comment: opts.comment },
      url,
    ),
  );
}

/** POST /api/campaigns/:id/review/request-changes: the author is told, with the comment. */
export async function requestChanges(
  opts: ReviewWrite & { campaignId: number; comment: string },
): Promise<Review> {
  return auditedTransaction(
    opts.db,
    { organizationId: opts.orgId, actorId: opts.actorId },
    async (trx, audit: Audit) => {
      const { campaign, open } = await decidable(trx, opts);
      if (isContributor(open, opts.actorId)) throw forbidden('OWN_SUBMISSION', OWN_SUBMISSION_MESSAGE);
      if (open.state !== 'pending') throw conflict('REVIEW_NOT_PENDING', REVIEW_NOT_PENDING_MESSAGE);
      const names = await namesOf(trx, [opts.actorId, open.submittedBy]);
      await trx
        .updateTable('campaignRevisions')
        .set({
          state: 'changes_requested',
          decidedBy: opts.actorId,
          decidedAt: nowIso(),
          comments: withComment(open.comments, opts.actorId, names, 'changes_requested', opts.comment),
        })
        .where('id', '=', open.id)
        .execute();
      await audit('review.changes_requested', campaign.name);
      await tellAuthor(trx, opts, open.submittedBy, campaign.name, names, 'changes_requested');
      return (await openOrDecided(trx, opts.orgId, open.id)) as Review;
    },
  );
}

/**
 * POST /api/campaigns/:id/review/withdraw: the open revision dropped, nothing applied;
 * its author or a reviewer may.
 */
export async function withdrawReview(
  opts: ReviewWrite & { campaignId: number; caller: { role: string; canReview: unknown } },
): Promise<Review> {
  return auditedTransaction(
    opts.db,
    { organizationId: opts.orgId, actorId: opts.actorId, apiKeyId: opts.apiKeyId ?? null },
    async (trx, audit) => {
      const { campaign, open } = await decidable(trx, opts);
      if (open.submittedBy !== opts.actorId && !mayReview(opts.caller.role, opts.caller.canReview))
        throw forbidden('FORBIDDEN', REVIEWER_NEEDED_MESSAGE);
      const names = await namesOf(trx, [opts.actorId]);
      await trx
        .updateTable('campaignRevisions')
        .set({
          state: 'withdrawn',
          openCampaignId: null,
          decidedBy: opts.actorId,
          decidedAt: nowIso(),
          comments: withComment(open.comments, opts.actorId, names, 'withdrawn', undefined),
        })
        .where('id', '=', open.id)
        .execute();
      await audit('review.withdrawn', campaign.name);
      return (await openOrDecided(trx, opts.orgId, open.id)) as Review;
    },
  );
}

/** GET /api/campaigns/:id/versions: every approved version, newest first. */
export async function listVersions(opts: OrgRead & { campaignId: number }): Promise<CampaignVersion[]> {
  await getOwnCampaign(opts);
  const rows = await opts.db
    .selectFrom('campaignVersions')
    .selectAll()
    .where('campaignId', '=', opts.campaignId)
    .orderBy('version', 'desc')
    .execute();
  const names = await namesOf(
    opts.db,
    rows.flatMap((r) => [r.approvedBy, r.submittedBy]),
  );
  return rows.map((r) => ({
    version: r.version,
    revisionId: r.revisionId,
    approvedBy: person(names, r.approvedBy),
    approvedAt: r.approvedAt,
    submittedBy: person(names, r.submittedBy),
    content: JSON.parse(r.content),
  }));
}
