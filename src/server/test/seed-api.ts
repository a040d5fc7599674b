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

export const createCampaign = (app: FastifyInstance, token: string, body: Record<string, unknown> = {}) =>
  postCreated(app, token, '/api/campaigns', {
    name: 'Clean Rivers',
    description: 'Keep them clean',
    status: 'active',
    ...body,
  });

export const createAsset = (
  app: FastifyInstance,
  token: string,
  campaignId: number,
  body: Record<string, unknown> = {},
) =>
  postCreated(app, token, '/api/assets', {
    title: 'Share this',
    type: 'text',
    content: 'Rivers matter',
    campaignId,
    ...body,
  });
