import { beforeAll, expect, it } from 'vitest';
import { decodeQrPng } from '../../../../tests/support/qr-files.ts';
import { appPerFile, bearer, type SignedUp, signUp } from '../../test/test-app.ts';
import { createCampaign } from '../../test/seed-api.ts';
import { NO_PUBLIC_ORIGIN } from './qr.routes.ts';

// Without PUBLIC_URL the code carries the origin the request came to, but only for a
// host and port on ALLOWED_HOSTS (as every absolute link does); for any other there is
// no absolute link to print, and the server says so instead of printing a bad code.

const t = appPerFile({ ALLOWED_HOSTS: 'rally.local:8080' });
let a: SignedUp;
let campaignId: number;
beforeAll(async () => {
  a = await signUp(t.app);
  campaignId = (await createCampaign(t.app, a.token, { organizationId: a.orgId })).id;
});

it('uses an allowed request host', async () => {
  const res = await t.app.inject({
    url: `/api/campaigns/${campaignId}/qr.png`,
    headers: { ...bearer(a.token), host: 'rally.local:8080' },
  });
  expect(res.statusCode).toBe(200);
  expect(decodeQrPng(res.rawPayload).text).toBe(`http://rally.local:8080/supporter/${campaignId}?src=qr`);
});

it('answers 409 with the setting to fix for a host it may not name', async () => {
  for (const file of ['qr.svg', 'qr.png', 'poster.pdf']) {
    const res = await t.app.inject({
      url: `/api/campaigns/${campaignId}/${file}`,
      headers: { ...bearer(a.token), host: 'evil.example.com' },
    });
    expect(res.statusCode, file).toBe(409);
    expect(res.json().message).toBe(NO_PUBLIC_ORIGIN);
  }
});
