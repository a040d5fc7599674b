import { z } from 'zod';
import { assetSchema } from './assets.ts';
import { campaignSchema } from './campaigns.ts';

/** POST /api/debug/create-test-content: the campaign created and its one text asset. */
export const testContentSchema = z.object({ campaign: campaignSchema, asset: assetSchema });
export type TestContent = z.infer<typeof testContentSchema>;
