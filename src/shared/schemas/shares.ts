import { z } from 'zod';
import { MAX_TEXT_CONTENT, REF_CODE_PATTERN } from '../constants.ts';
import { PLATFORM_IDS } from '../platforms.ts';
import { idParam } from './common.ts';

export const platformField = z.enum(PLATFORM_IDS, { error: 'Unknown platform' });

export const logShareSchema = z.strictObject({
  assetId: idParam,
  platform: platformField,
  supporterInfo: z.string().max(500, 'Supporter info must be at most 500 characters').default(''),
  campaignId: idParam,
  organizationId: idParam,
  ref: z.string().regex(REF_CODE_PATTERN, 'Invalid ref code').optional(),
});
export type LogShareInput = z.input<typeof logShareSchema>;

const SCHEDULE_MISSING = 'Missing required fields for scheduling a share';

export const scheduleShareSchema = z
  .strictObject({
    assetId: idParam.optional(),
    campaignId: idParam.optional(),
    organizationId: idParam.optional(),
    platform: z.union([platformField, z.literal('all')]).optional(),
    scheduledFor: z.iso.datetime({ offset: true, error: 'scheduledFor must be an ISO-8601 date-time' }),
    status: z.literal('pending').optional(),
    text: z.string().max(MAX_TEXT_CONTENT).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.assetId || !v.campaignId || !v.organizationId || !v.platform) {
      ctx.addIssue({ code: 'custom', message: SCHEDULE_MISSING, path: [] });
    }
  });
export type ScheduleShareInput = z.input<typeof scheduleShareSchema>;

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
