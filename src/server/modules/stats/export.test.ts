import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, signUp, type TestApp } from '../../test/test-app.ts';
import { seedCampaign } from '../../test/seed-db.ts';
import { csvCell } from './csv.ts';
import { EXPORT_PAGE, exportCsv } from './export.service.ts';
import { shareRow } from '../../test/db-rows.ts';
import { parseCsv } from '../../../../tests/support/csv.ts';

let t: TestApp;
let token: string;
let orgId: number;
let campaignId: number;
let assetId: number;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ ROLLUP_INTERVAL_MS: '0' });
  ({ token, orgId } = await signUp(t.app));
  let ids: number[];
  ({ campaignId, assetIds: ids } = await seedCampaign(t.database.db, {
    organizationId: orgId,
    name: '=HYPERLINK("x")',
    assets: [{ title: 'Say "hi", friend', type: 'text', content: 'a' }],
  }));
  assetId = ids[0];
  const now = new Date().toISOString();
  const rows = Array.from({ length: EXPORT_PAGE * 2 + 7 }, (_, i) =>
    shareRow({
      assetId,
      platform: i % 2 ? 'twitter' : 'facebook',
      campaignId,
      organizationId: orgId,
      ref: `exportRef${String(i).padStart(6, '0')}`,
      supporterId: `ExportSupporter${String(i % 50).padStart(9, '0')}`,
      createdAt: now,
    }),
  );
  for (let i = 0; i < rows.length; i += 500)
    await t.database.db
      .insertInto('shares')
      .values(rows.slice(i, i + 500))
      .execute();
  const first = await t.database.db
    .selectFrom('shares')
    .select('id')
    .where('campaignId', '=', campaignId)
    .limit(3)
    .execute();
  for (const s of first) {
    await t.database.db
      .insertInto('clicks')
      .values({
        shareId: s.id,
        campaignId,
        organizationId: orgId,
        sharerId: null,
        visitorId: 'v',
        networkHash: 'n',
        createdAt: now,
      })
      .execute();
  }
});
afterAll(() => t.close());

describe('CSV export', () => {
  it('quotes per RFC 4180 and prefixes formula-like cells', () => {
    for (const cell of ['=1+1', '+x', '-x', '@x', '\tx']) expect(csvCell(cell)).toBe(`'${cell}`);
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell(-3)).toBe('-3');
  });

  it('guards a formula that follows a separator, quotes or spaces anywhere (a new cell in another locale)', () => {
    // `;=1+1` opens as two cells where `;` separates fields: the guard goes before the `=`.
    expect(csvCell(';=1+1')).toBe(";'=1+1");
    expect(csvCell(';;+SUM(A1)')).toBe(";;'+SUM(A1)");
    expect(csvCell('|@x')).toBe("|'@x");
    expect(csvCell(' =1+1')).toBe(" '=1+1");
    expect(csvCell(',=1+1')).toBe(`",'=1+1"`);
    expect(csvCell('"=1+1')).toBe(`"""'=1+1"`);
    expect(csvCell("'=1+1")).toBe("''=1+1");
    // After a separator in the middle too: that is where such a spreadsheet starts a cell.
    expect(csvCell('semi; -colon')).toBe("semi; '-colon");
    expect(csvCell('x\t=1+1')).toBe("x\t'=1+1");
    // Words that merely contain these characters are left alone.
    for (const cell of ['a;b', 'x = 1', 'mail@example.org', ';plain', 'a-b+c']) {
      expect(csvCell(cell)).toBe(cell);
    }
  });

  it('streams every share of the range as an attachment; totals match the analytics', async () => {
    const res = await t.app.inject({
      url: `/api/campaigns/${campaignId}/export.csv?type=shares`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="campaign-\d+-shares\.csv"$/);
    const rows = parseCsv(res.body);
    expect(rows[0].join(',')).toBe(
      'id,createdAt,campaignId,campaignName,assetId,assetTitle,platform,status,scheduledFor,ref,parentRef,depth,supporter,variantId,source,language',
    );
    expect(rows).toHaveLength(EXPORT_PAGE * 2 + 8);
    expect(rows[1][3]).toBe('\'=HYPERLINK("x")');
    expect(rows[1][5]).toBe('Say "hi", friend');
    expect(rows[1][12]).not.toMatch(/ExportSupporter/);
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(EXPORT_PAGE * 2 + 7);

    const analytics = json(
      await t.app.inject({
        url: `/api/campaigns/${campaignId}/analytics?from=${today}&to=${today}`,
        headers: bearer(token),
      }),
    );
    expect(analytics.totals.shares).toBe(rows.length - 1);
    const clicks = await t.app.inject({
      url: `/api/organization/export.csv?type=clicks&from=${today}&to=${today}`,
      headers: bearer(token),
    });
    const clickRows = parseCsv(clicks.body);
    expect(clickRows[0].join(',')).toBe(
      'id,createdAt,campaignId,campaignName,assetId,assetTitle,platform,ref,depth,variantId,language',
    );
    expect(clickRows.length - 1).toBe(analytics.totals.clicks);
    expect(clickRows.length - 1).toBe(3);
    const stats = json(
      await t.app.inject({ url: `/api/campaigns/${campaignId}/stats`, headers: bearer(token) }),
    );
    expect(stats.totalShares).toBe(rows.length - 1);
  });

  it('exports the opened windows and the prepared posts apart, each matching its analytics figure', async () => {
    const now = new Date().toISOString();
    const outcome = (status: 'opened' | 'prepared', i: number) =>
      shareRow({
        assetId,
        campaignId,
        organizationId: orgId,
        platform: 'copy',
        status,
        ref: `outcomeRef0${i}`,
        createdAt: now,
      });
    await t.database.db
      .insertInto('shares')
      .values([outcome('opened', 1), outcome('opened', 2), outcome('prepared', 3)])
      .execute();
    const analytics = json(
      await t.app.inject({
        url: `/api/campaigns/${campaignId}/analytics?from=${today}&to=${today}`,
        headers: bearer(token),
      }),
    );
    for (const [type, figure, refs] of [
      ['opened', analytics.totals.openedIntents, ['outcomeRef01', 'outcomeRef02']],
      ['prepared', analytics.totals.preparedPosts, ['outcomeRef03']],
    ] as const) {
      const res = await t.app.inject({
        url: `/api/campaigns/${campaignId}/export.csv?type=${type}&from=${today}&to=${today}`,
        headers: bearer(token),
      });
      expect(res.headers['content-disposition']).toContain(`-${type}.csv`);
      const rows = parseCsv(res.body).slice(1);
      expect(rows.map((r) => [r[7], r[9]])).toEqual(refs.map((ref) => [type, ref]));
      expect(rows).toHaveLength(figure);
    }
    // Not shares: the shares export leaves them out.
    const shares = await t.app.inject({
      url: `/api/campaigns/${campaignId}/export.csv?type=shares&from=${today}&to=${today}`,
      headers: bearer(token),
    });
    expect(parseCsv(shares.body).some((r) => r[7] !== 'shared' && r[7] !== 'status')).toBe(false);
  });

  it('bounds the range by local days of tz, as the analytics view does', async () => {
    // 23:30 UTC on 10 June is already 11 June in Tokyo.
    await t.database.db
      .insertInto('shares')
      .values(
        shareRow({
          assetId,
          platform: 'email',
          campaignId,
          organizationId: orgId,
          ref: 'zonedExportRef01',
          supporterId: 'ZonedSupporter00001',
          createdAt: '2024-06-10T23:30:00.000Z',
        }),
      )
      .execute();
    const refsOf = async (q: string) => {
      const res = await t.app.inject({
        url: `/api/campaigns/${campaignId}/export.csv?type=shares&${q}`,
        headers: bearer(token),
      });
      expect(res.statusCode, q).toBe(200);
      return parseCsv(res.body)
        .slice(1)
        .map((r) => r[9]);
    };
    expect(await refsOf('from=2024-06-10&to=2024-06-10')).toEqual(['zonedExportRef01']);
    expect(await refsOf('from=2024-06-11&to=2024-06-11')).toEqual([]);
    expect(await refsOf('from=2024-06-11&to=2024-06-11&tz=Asia/Tokyo')).toEqual(['zonedExportRef01']);
    expect(await refsOf('from=2024-06-10&to=2024-06-10&tz=Asia/Tokyo')).toEqual([]);
  });

  it.each([
    ['an unknown zone', 'type=shares&tz=Mars/Olympus'],
    ['an unknown type', 'type=likes'],
    ['no type', ''],
    ['a range that ends before it starts', 'type=shares&from=2024-01-02&to=2024-01-01'],
    ['a range over the longest allowed', 'type=shares&from=2023-01-01&to=2024-12-31'],
    ['a month 00', 'type=shares&to=2026-00-01'],
    ['29 February of a common year', 'type=clicks&from=2026-02-29'],
  ])('answers 400 for %s', async (_, q) => {
    const res = await t.app.inject({
      url: `/api/campaigns/${campaignId}/export.csv?${q}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 for another organisation', async () => {
    const other = await signUp(t.app);
    expect(
      (
        await t.app.inject({
          url: `/api/campaigns/${campaignId}/export.csv?type=shares`,
          headers: bearer(other.token),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('starts each page where the last one ended: rows with equal times across pages, each once, in order', async () => {
    const o = await signUp(t.app);
    const c = await seedCampaign(t.database.db, {
      organizationId: o.orgId,
      assets: [{ title: 'Paged', type: 'text', content: 'p' }],
    });
    // 23 shares over 4 distinct times, so pages of 5 end inside runs of equal times.
    const base = Date.now() - 3_600_000;
    const shares = await t.database.db
      .insertInto('shares')
      .values(
        Array.from({ length: 23 }, (_, i) =>
          shareRow({
            campaignId: c.campaignId,
            organizationId: o.orgId,
            assetId: c.assetIds[0],
            ref: `pagedRef${String(i).padStart(4, '0')}`,
            // Times out of id order: the export is in (createdAt, id) order, not by id.
            createdAt: new Date(base + ((i * 3) % 4) * 60_000).toISOString(),
          }),
        ),
      )
      .returning(['id', 'createdAt'])
      .execute();
    const clicks = await t.database.db
      .insertInto('clicks')
      .values(
        shares.map((sh) => ({
          shareId: sh.id,
          campaignId: c.campaignId,
          organizationId: o.orgId,
          sharerId: null,
          visitorId: 'v',
          networkHash: 'n',
          createdAt: sh.createdAt,
        })),
      )
      .returning(['id', 'createdAt'])
      .execute();
    const inOrder = (events: { id: number; createdAt: string }[]) =>
      [...events]
        .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id - b.id))
        .map((e) => [String(e.id), e.createdAt]);

    // The page queries as sent, with their parameters.
    const sent: { sql: string; parameters: readonly unknown[] }[] = [];
    const executor = t.database.db.getExecutor();
    const capture: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => {
        const compiled = executor.compileQuery(node, queryId);
        if (/order by/i.test(compiled.sql)) sent.push(compiled);
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const db = t.database.db.withPlugin(capture);
    for (const [type, events] of [
      ['shares', shares],
      ['clicks', clicks],
    ] as const) {
      const expected = inOrder(events);
      sent.length = 0;
      let csv = '';
      for await (const chunk of exportCsv({
        db,
        scope: { column: 'organizationId', id: o.orgId },
        query: { type },
        key: t.app.visitorCookieKey,
        pageSize: 5,
      }))
        csv += chunk;
      const rows = parseCsv(csv).slice(1);
      expect(rows.map((r) => [r[0], r[1]])).toEqual(expected);
      // 5 full pages, one of 3, one empty.
      expect(sent).toHaveLength(6);
      // The plain lower bound on createdAt (the one an index range starts at) is the last
      // row of the previous page, not the start of the range.
      const lowerBound = (q: { sql: string; parameters: readonly unknown[] }) => {
        const at = q.sql.indexOf(`"${type}"."createdAt" >= `);
        const placeholder = /\$(\d+)|\?/g;
        placeholder.lastIndex = at;
        const m = placeholder.exec(q.sql)!;
        return q.parameters[m[1] ? Number(m[1]) - 1 : (q.sql.slice(0, m.index).match(/\?/g) ?? []).length];
      };
      for (let page = 1; page < sent.length; page++)
        expect(lowerBound(sent[page]), `page ${page + 1}`).toBe(
          expected[Math.min(page * 5, expected.length) - 1][1],
        );
    }
  });
});
