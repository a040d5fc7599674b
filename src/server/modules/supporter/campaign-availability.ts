import type { FastifyRequest } from 'fastify';
import { campaignAvailability, isHiddenStatus, nextAvailabilityChange } from '#shared/campaign-lifecycle.ts';

import type { Campaign } from '#shared/schemas/campaigns.ts';
import { campaignUtm } from '#shared/utm.ts';
import { storedGoal } from '#shared/schemas/goals.ts';
import type { SupporterOrganization } from '#shared/schemas/settings.ts';
import type { SupporterAsset, SupporterCampaign } from '#shared/schemas/shares.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { loadSessionUser, readToken } from '../auth/index.ts';

// The lifecycle on the public side: which campaigns the public may see (not the
// HIDDEN_STATUSES: draft and archived ones are 404 but to their team), what state
// the page is in, and how long a cached view stays true without a write.

export type SupporterCampaignRow = Pick<
  Campaign,
  'id' | 'name' | 'description' | 'organizationId' | 'status' | 'startDate' | 'endDate'
> & {
  utmEnabled: number | boolean;
  utmMedium: string | null;
  utmCampaign: string | null;
  disclosure: string | null;
  goalMetric: string | null;
  goalTarget: number | null;
  goalDeadline: string | null;
};

/** The supporter view at `now`: availability is part of it, so it is served as is. */
export function supporterView(
  row: SupporterCampaignRow,
  assets: SupporterAsset[],
  organization: SupporterOrganization,
  now: number,
  language: Pick<SupporterCampaign, 'language' | 'languageSource' | 'languages'>,
): SupporterCampaign {
  const { id, name, description, organizationId, status } = row;
  const view: SupporterCampaign = {
    campaign: {
      id,
      name,
      description,
      organizationId,
      utm: campaignUtm(row),
      goal: storedGoal(row),
      disclosure: row.disclosure,
    },
    assets,
    organization,
    availability: campaignAvailability(row, now),
    ...language,
  };
  if (isHiddenStatus(status)) view.preview = status;
  return view;
}

/**
 * How long a cached view stays true: the usual TTL, cut short at the next start or
 * end instant, so a campaign that ends at 18:00 is served as ended from 18:00
 * without waiting for a write.
 */
export function viewTtl(row: SupporterCampaignRow, ttlMs: number, now = Date.now()): number {
  const change = nextAvailabilityChange(row, now);
  return change === null ? ttlMs : Math.max(0, Math.min(ttlMs, change - now - 1));
}

/**
 * True when the request carries the session of a member of the organisation (the
 * bearer token or the `token` cookie). Only asked for hidden campaigns, so the
 * public hot path never pays for it.
 */
export async function isTeamMember(
  db: Db,
  request: FastifyRequest,
  organizationId: number,
): Promise<boolean> {
  return (await teamMemberId(db, request, organizationId)) !== null;
}

/** Whether the request carries a session token at all (a member's, maybe): without one nobody is a member, and nothing is looked up. */
export const carriesSession = (request: FastifyRequest): boolean => readToken(request) !== undefined;

/** The id of the organisation's member whose session the request carries; null for anyone else. */
export async function teamMemberId(
  db: Db,
  request: FastifyRequest,
  organizationId: number,
): Promise<number | null> {
  // Without a token there is nothing to look up: spare the loader its 401.
  if (!readToken(request)) return null;
  try {
    const user = await loadSessionUser(db, request);
    return user.organizationId === organizationId ? user.id : null;
  } catch (err) {
    // No live session (401): the visitor is the public. Anything else is a real failure.
    if (err instanceof HttpError && err.statusCode === 401) return null;
    throw err;
  }
}
