import { z } from 'zod';
import { MAX_TEXT_CONTENT, REF_CODE_PATTERN } from '../constants.ts';
import { PLATFORM_IDS } from '../platforms.ts';
import type { Asset } from './assets.ts';
import { idParam } from './common.ts';

export const platformField = z.enum(PLATFORM_IDS, { error: 'Unknown platform' });

/**
 * Optional referral parent. A value that is not a code is dropped rather than refused:
 * an unknown or foreign parent is ignored (depth 0), never an error.
 */
const parentRefField = z
  .string()
  .max(200)
  .transform((v) => (REF_CODE_PATTERN.test(v) ? v : undefined))
  .optional();

export const logShareSchema = z.strictObject({
  assetId: idParam,
  platform: platformField,
  supporterInfo: z.string().max(500, 'Supporter info must be at most 500 characters').default(''),
  campaignId: idParam,
  organizationId: idParam,
  ref: z.string().regex(REF_CODE_PATTERN, 'Invalid ref code').optional(),
  /** The tracked-link code the supporter page arrived with: this share's referral parent. */
  parentRef: parentRefField,
});
export type LogShareInput = z.input<typeof logShareSchema>;

const SCHEDULE_MISSING = 'Missing required fields for scheduling a share';

export const scheduleShareSchema = z
  .strictObject({
    assetId: idParam.optional(),
    campaignId: idParam.optional(),
    organizationId: idParam.optional(),
    platform: z.enum([...PLATFORM_IDS, 'all'], { error: 'Unknown platform' }).optional(),
    scheduledFor: z.iso
      .datetime({ offset: true, error: 'scheduledFor must be an ISO-8601 date-time' })
      .optional(),
    /** Always 'pending': a scheduled share is not a share yet (API.md "Stats"). */
    status: z.literal('pending', { error: 'status must be pending' }).optional(),
    text: z.string().max(MAX_TEXT_CONTENT).optional(),
    /** Tracked-link code of the link put in the calendar reminder, so its visits count. */
    ref: z.string().regex(REF_CODE_PATTERN, 'Invalid ref code').optional(),
    parentRef: parentRefField,
  })
  // Runs even when another field failed, so a missing field always names the rule.
  .refine((v) => Boolean(v.assetId && v.campaignId && v.organizationId && v.platform && v.scheduledFor), {
    message: SCHEDULE_MISSING,
    path: [],
    when: () => true,
  });
export type ScheduleShareInput = z.input<typeof scheduleShareSchema>;

/** GET /api/shares/scheduled: optional window on scheduledFor (ISO date-times) for the staff calendar. */
export const scheduledSharesQuerySchema = z.strictObject({
  org: idParam.optional(),
  from: z.iso.datetime({ offset: true, error: 'from must be an ISO-8601 date-time' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'to must be an ISO-8601 date-time' }).optional(),
});
export type ScheduledSharesQuery = z.infer<typeof scheduledSharesQuerySchema>;

export interface ScheduledShareItem {
  id: number;
  assetId: number;
  assetTitle: string;
  campaignId: number;
  campaignName: string;
  platform: string;
  scheduledFor: string;
  status: string;
}

/** GET /api/supporter/campaigns/:id: what the public page may know, nothing more. */
export interface SupporterCampaign {
  campaign: { id: number; name: string; description: string | null; organizationId: number };
  assets: Asset[];
}

export interface Share {
  id: number;
  assetId: number;
  platform: string;
  supporterInfo: string;
  campaignId: number;
  organizationId: number;
  scheduledFor: string | null;
  status: string;
  ref: string | null;
  createdAt: string;
}

export interface Stats {
  totalShares: number;
  uniqueSupporters: number;
  activeSupporters: number;
  engagementRate: number;
  clickThroughs: number;
  platformBreakdown: Record<string, number>;
  lastUpdated: string | null;
}

export interface OrganizationStats extends Stats {
  activeCampaigns: number;
}
