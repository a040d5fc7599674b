import type { FastifyInstance } from 'fastify';
import { bearer } from '../../test/test-app.ts';

// Test helpers for the workspace modules (campaigns, assets, uploads, stats,
// templates): seed through the API and build small files in memory.

/** A valid 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A valid 1x1 GIF. */
export const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A multipart/form-data body with one file part. */
export function multipartFile(opts: {
  filename: string;
  contentType: string;
  bytes: Buffer;
  field?: string;
}) {
  const boundary = `----rallytest${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${opts.filename}"\r\n` +
      `Content-Type: ${opts.contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, opts.bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function createCampaign(
  app: FastifyInstance,
  token: string,
  body: Record<string, unknown> = {},
): Promise<any> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers: bearer(token),
    payload: { name: 'Clean Rivers', description: 'Keep them clean', status: 'active', ...body },
  });
  if (res.statusCode !== 201) throw new Error(`campaign failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function createAsset(
  app: FastifyInstance,
  token: string,
  campaignId: number,
  body: Record<string, unknown> = {},
): Promise<any> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/assets',
    headers: bearer(token),
    payload: { title: 'Share this', type: 'text', content: 'Rivers matter', campaignId, ...body },
  });
  if (res.statusCode !== 201) throw new Error(`asset failed: ${res.statusCode} ${res.body}`);
  return res.json();
}
