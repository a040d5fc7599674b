import type { FastifyInstance } from 'fastify';
import { bearer } from './test-app.ts';

// Campaigns and assets made through the staff API, as a signed-in editor would
// (seed-db.ts writes rows straight into the database instead).

/** POSTs `payload` as the token's user and answers the created row; anything but 201 throws. */
async function postCreated(app: FastifyInstance, token: string, url: string, payload: object): Promise<any> {
  const res = await app.inject({ method: 'POST', url, headers: bearer(token), payload });
  if (res.statusCode !== 201) throw new Error(`POST ${url} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * Campaigns asked for live, per app: the server creates no campaign live without an
 * asset, so each starts as a draft and createAsset publishes it with its first asset.
 */
const publishOnFirstAsset = new WeakMap<FastifyInstance, Set<number>>();

/**
 * A campaign, live (`status: 'active'`, the default) or a draft. A live one is a draft
 * until its first createAsset publishes it, as staff do: create, add an asset, publish.
 */
export async function createCampaign(
  app: FastifyInstance,
  token: string,
  body: Record<string, unknown> = {},
) {
  const { status = 'active', ...fields } = body;
  const live = status === 'active';
  const campaign = await postCreated(app, token, '/api/campaigns', {
    name: 'Clean Rivers',
    description: 'Keep them clean',
    ...fields,
    status: live ? 'draft' : status,
  });
  if (live) {
    const waiting = publishOnFirstAsset.get(app) ?? new Set<number>();
    publishOnFirstAsset.set(app, waiting.add(campaign.id));
  }
  return campaign;
}

export async function createAsset(
  app: FastifyInstance,
  token: string,
  campaignId: number,
  body: Record<string, unknown> = {},
) {
  const asset = await postCreated(app, token, '/api/assets', {
    title: 'Share this',
    type: 'text',
    content: 'Rivers matter',
    campaignId,
    ...body,
  });
  const waiting = publishOnFirstAsset.get(app);
  if (waiting?.delete(campaignId)) {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/campaigns/${campaignId}`,
      headers: bearer(token),
      payload: { status: 'active' },
    });
    if (res.statusCode !== 200) throw new Error(`Publishing campaign ${campaignId} failed: ${res.body}`);
  }
  return asset;
}
