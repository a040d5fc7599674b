import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { CLICKS_PER_ADDRESS_PER_MINUTE, ClickBudget } from './click-budget.ts';
import { BROWSER_UA, seedCampaign, seedOrganization, supporterCookie } from './test-seed.ts';

let t: TestApp;
let orgId: number;
let campaignId: number;
let assetIds: number[];
beforeAll(async () => {
  t = await createTestApp();
  orgId = await seedOrganization(t.database.db);
  ({ campaignId, assetIds } = await seedCampaign(t.database.db, {
    organizationId: orgId,
    assets: [{ title: 'Post', type: 'text', content: 'Share this' }],
  }));
});
afterAll(() => t.close());

const clickCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('clicks')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('ClickBudget', () => {
  it('allows the budget per address per minute, then again in the next minute', () => {
    const b = new ClickBudget(2);
    expect([b.take('a', 0), b.take('a', 1), b.take('a', 2), b.take('b', 3)]).toEqual([
      true,
      true,
      false,
      true,
    ]);
    expect(b.take('a', 60_000)).toBe(true);
  });

  it('never holds more than its bound of addresses', () => {
    const b = new ClickBudget(5, 100);
    for (let i = 0; i < 1000; i++) b.take(`10.0.${i >> 8}.${i & 255}`, i);
    expect(b.size).toBeLessThanOrEqual(100);
  });
});
