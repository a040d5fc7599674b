import type { FastifyRequest } from 'fastify';
import { CAMPAIGN_UNAVAILABLE } from '#shared/errors.ts';
import type { Db } from '../../db/client.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { parseId } from '../../lib/parse-id.ts';
import { isTeamMember } from './campaign-availability.ts';
import { getSupporterEntry, type SupporterCache, type SupporterEntry } from './supporter.service.ts';

// Which campaign a public read may see, the one rule for every supporter-side route:
// the public sees published campaigns, a member of its organisation a draft or archived
// one too; a suspended organisation's campaign is gone (410).

export const CAMPAIGN_NOT_FOUND = 'Campaign not found';

/**
 * Why a request may not see the entry: a suspended organisation's campaign is gone
 * (410, the neutral words and nothing of the organisation); anything else is 404.
 */
export const unseen = (entry: SupporterEntry | undefined) =>
  entry?.suspended
    ? new HttpError(410, 'CAMPAIGN_UNAVAILABLE', CAMPAIGN_UNAVAILABLE)
    : notFound('NOT_FOUND', CAMPAIGN_NOT_FOUND);

/**
 * Whether this request may see the entry: any visitor for a published campaign; for
 * a draft or archived one only a member of its organisation (who gets the preview).
 */
export function mayView(db: Db, entry: SupporterEntry, request: FastifyRequest): boolean | Promise<boolean> {
  if (!entry.view) return false;
  if (!entry.hidden) return true;
  return isTeamMember(db, request, entry.view.campaign.organizationId);
}

/** The campaign of a public URL's `:id` and its organisation, when this request may see it; else 404 (410). */
export async function visibleSupporterCampaign(opts: {
  db: Db;
  cache: SupporterCache;
  request: FastifyRequest;
  id: string;
}): Promise<{ campaignId: number; organizationId: number; entry: SupporterEntry }> {
  const { db, cache, request } = opts;
  const campaignId = parseId(opts.id);
  if (campaignId === undefined) throw notFound('NOT_FOUND', CAMPAIGN_NOT_FOUND);
  const entry = await getSupporterEntry({ db, cache, campaignId });
  if (!entry.view || !(await mayView(db, entry, request))) throw unseen(entry);
  return { campaignId, organizationId: entry.view.campaign.organizationId, entry };
}
