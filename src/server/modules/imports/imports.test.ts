import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '#shared/schemas/imports.ts';
import { multipartFile, PNG_1X1 } from '../../test/sample-files.ts';
import { addMember, postApiKey } from '../../test/teams.ts';
import { bearer, createTestApp, signUp, type SignedUp, type TestApp } from '../../test/test-app.ts';
import { messagesOf } from '../../test/webhook-receiver.ts';
import { FETCH_FAILED_MESSAGE } from '../uploads/index.ts';
import { MAX_MEDIA_SITES, MEDIA_LOOKUPS_PER_WINDOW, TOO_MANY_SITES_MESSAGE } from './media-check.ts';

// Bulk import through the API. `t` refuses private addresses (the production setting);
// `open` sets ALLOW_PRIVATE_FETCH so a loopback server stands in for the internet, as
// upload-from-url.test.ts does.

let t: TestApp;
let open: TestApp;
let a: SignedUp;
let b: SignedUp;
let media: SignedUp;
let server: http.Server;
let base: string;
let served = 0;
let whileServing: (() => Promise<unknown>) | undefined;

beforeAll(async () => {
  t = await createTestApp();
  open = await createTestApp({ ALLOW_PRIVATE_FETCH: 'true', UPLOAD_MAX_BYTES: '4096' });
  a = await signUp(t.app);
  b = await signUp(t.app);
  media = await signUp(open.app);
  server = http.createServer(async (req, res) => {
    if (req.url === '/photo.png') {
      served++;
      // What someone else does while the import downloads.
      await whileServing?.();
      res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1X1);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
  await open.close();
});

type Row = Partial<Record<(typeof IMPORT_COLUMNS)[number], string>>;

const textRow = (over: Row = {}): Row => ({
  external_id: 'post-1',
  campaign_external_id: 'spring',
  campaign_name: 'Spring drive',
  campaign_status: 'draft',
  asset_type: 'text',
  title: 'First post',
  share_text: 'Join us this spring',
  ...over,
});

const importJson = (app: TestApp, token: string, rows: unknown[], dryRun = true) =>
  app.app.inject({
    method: 'POST',
    url: `/api/campaigns/import?dryRun=${dryRun}`,
    headers: bearer(token),
    payload: { rows },
  });

const importFile = (app: TestApp, token: string, text: string, dryRun = true, filename = 'rows.csv') => {
  const body = multipartFile({ filename, contentType: 'text/csv', bytes: Buffer.from(text) });
  return app.app.inject({
    method: 'POST',
    url: `/api/campaigns/import?dryRun=${dryRun}`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};

const csv = (rows: Row[]) =>
  [
    IMPORT_COLUMNS.join(','),
    ...rows.map((r) => IMPORT_COLUMNS.map((c) => JSON.stringify(r[c] ?? '')).join(',')),
  ].join('\n');

async function counts(app: TestApp, orgId: number) {
  const db = app.database.db;
  const [campaigns, assets] = await Promise.all([
    db
      .selectFrom('campaigns')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organizationId', '=', orgId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('assets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organizationId', '=', orgId)
      .executeTakeFirstOrThrow(),
  ]);
  return { campaigns: Number(campaigns.n), assets: Number(assets.n) };
}

describe('GET /api/campaigns/import/template.csv', () => {
  it('is a CSV with every column and example rows that pass a dry run but for their media', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/campaigns/import/template.csv',
      headers: bearer(a.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment/);
    const [header, ...rows] = res.body.trim().split('\r\n');
    expect(header).toBe(IMPORT_COLUMNS.join(','));
    expect(rows.length).toBeGreaterThan(0);
    // The text example is valid as it stands.
    const dry = await importFile(t, a.token, res.body);
    expect(dry.statusCode, dry.body).toBe(200);
    const text = dry.json().rows.find((r: { title: string }) => r.title === 'Text post');
    expect(text.errors).toEqual([]);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/campaigns/import/template.csv' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/campaigns/import: the dry run', () => {
  it('lists what would be created, per row, and writes nothing', async () => {
    const before = await counts(t, a.orgId);
    const rows = [
      textRow(),
      textRow({ external_id: 'post-2', title: 'Second post' }),
      textRow({ external_id: 'x-1', campaign_external_id: 'autumn', campaign_name: 'Autumn' }),
    ];
    const res = await importFile(t, a.token, csv(rows));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      dryRun: true,
      valid: true,
      summary: {
        rows: 3,
        invalidRows: 0,
        campaignsCreated: 2,
        campaignsUpdated: 0,
        assetsCreated: 3,
        assetsUpdated: 0,
      },
    });
    expect(body.rows).toEqual([
      {
        row: 1,
        action: 'create',
        campaign: 'Spring drive',
        campaignAction: 'create',
        title: 'First post',
        errors: [],
      },
      {
        row: 2,
        action: 'create',
        campaign: 'Spring drive',
        campaignAction: 'create',
        title: 'Second post',
        errors: [],
      },
      {
        row: 3,
        action: 'create',
        campaign: 'Autumn',
        campaignAction: 'create',
        title: 'First post',
        errors: [],
      },
    ]);
    expect(await counts(t, a.orgId)).toEqual(before);
  });

  it('is the default when dryRun is not given', async () => {
    const before = await counts(t, a.orgId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns/import',
      headers: bearer(a.token),
      payload: { rows: [textRow({ external_id: 'default-dry' })] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dryRun).toBe(true);
    expect(await counts(t, a.orgId)).toEqual(before);
  });

  it('names each problem by row and column, in plain words, with the rule the client words', async () => {
    const res = await importJson(t, a.token, [
      textRow(),
      textRow({ external_id: 'bad-1', title: 'ab', campaign_status: 'live' }),
      textRow({ external_id: 'bad-2', asset_type: 'image', share_text: 'Look' }),
      { ...textRow({ external_id: 'bad-3' }), title: undefined },
      textRow({ external_id: 'post-1', title: 'Again' }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.valid).toBe(false);
    expect(body.summary.invalidRows).toBe(4);
    const errors = Object.fromEntries(
      body.rows.map((r: { row: number; errors: unknown[] }) => [r.row, r.errors]),
    );
    expect(errors[1]).toEqual([]);
    expect(errors[2]).toEqual(
      expect.arrayContaining([
        {
          column: 'title',
          message: 'Title must be at least 3 characters',
          rule: 'too_small',
          params: { minimum: 3 },
        },
        {
          column: 'campaign_status',
          message: 'campaign_status must be one of draft, active, paused, ended, archived',
          rule: 'invalid_value',
        },
      ]),
    );
    // A check of the schema's own, and the import's own checks: an import rule with its values.
    expect(errors[3]).toEqual([
      {
        column: 'media_url',
        message: 'An image needs a media_url: the http(s) address of the file',
        rule: 'media_needs_url',
        params: { assetType: 'image' },
      },
    ]);
    expect(errors[4]).toEqual([{ column: 'title', message: 'title is required', rule: 'required' }]);
    expect(errors[5]).toEqual([
      {
        column: 'external_id',
        message: 'external_id "post-1" is already used by row 1',
        rule: 'external_id_repeated',
        params: { externalId: 'post-1', row: 1 },
      },
    ]);
    // A text asset's words may be longer than an image's caption.
    const long = 'x'.repeat(5000);
    const lengths = await importJson(t, a.token, [
      textRow({ external_id: 'long-text', share_text: long }),
      textRow({
        external_id: 'long-caption',
        asset_type: 'image',
        share_text: long,
        media_url: 'http://127.0.0.1/a.png',
      }),
    ]);
    expect(lengths.json().rows[0].errors).toEqual([]);
    expect(lengths.json().rows[1].errors).toEqual([
      {
        column: 'share_text',
        message: 'Share text must be at most 3000 characters',
        rule: 'too_big',
        params: { maximum: 3000 },
      },
    ]);
  });

  it('refuses unknown columns, too many rows and unreadable files with a clear 400', async () => {
    const unknown = await importFile(t, a.token, 'campaign_name,titel\nSpring,Post\n');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'titel' }] });
    expect(unknown.json().message).toContain('Unknown column "titel"');
    // The rule and values the client words the refusal with.
    expect(unknown.json().errors).toEqual([
      {
        path: 'titel',
        message: 'Unknown column "titel"',
        rule: 'unknown_field',
        params: { fields: ['titel'] },
      },
    ]);

    const many = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => textRow({ external_id: `m${i}` }));
    const tooMany = await importJson(t, a.token, many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe('VALIDATION_FAILED');
    const tooManyCsv = await importFile(t, a.token, csv(many));
    expect(tooManyCsv.statusCode).toBe(400);
    expect(tooManyCsv.json().message).toContain(`at most ${MAX_IMPORT_ROWS} rows`);
    // A file and a JSON body of too many rows carry the same rule and bound.
    for (const res of [tooMany, tooManyCsv])
      expect(res.json().errors).toEqual([
        expect.objectContaining({ path: 'rows', rule: 'too_big', params: { maximum: MAX_IMPORT_ROWS } }),
      ]);

    const ragged = await importFile(t, a.token, 'campaign_name,title\n"Spring,Post\n');
    expect(ragged.statusCode).toBe(400);
    expect(ragged.json()).toMatchObject({ code: 'MALFORMED_REQUEST' });
    expect(ragged.json().message).toMatch(/^The CSV file cannot be read/);

    const empty = await importFile(t, a.token, '');
    expect(empty.statusCode).toBe(400);

    const wrongQuery = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns/import?dryRun=maybe',
      headers: bearer(a.token),
      payload: { rows: [textRow()] },
    });
    expect(wrongQuery.statusCode).toBe(400);
  });

  it('reads a JSON file as well as a CSV one', async () => {
    const res = await importFile(
      t,
      a.token,
      JSON.stringify([textRow({ external_id: 'json-1' })]),
      true,
      'rows.json',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ valid: true, rows: [{ row: 1, action: 'create' }] });
  });

  it('reads CSV rows whatever their line endings, mixed in one file', async () => {
    // The template ends its lines with CRLF; a row added by a tool that writes LF must
    // not carry its ending into its last cell (here an empty media_url).
    const [header, first, second] = csv([
      textRow({ external_id: 'crlf-1' }),
      textRow({ external_id: 'lf-1', title: 'Added by hand' }),
    ]).split('\n');
    for (const text of [`${header}\r\n${first}\r\n${second}\n`, `${header}\r${first}\r${second}`]) {
      const res = await importFile(t, a.token, text);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        valid: true,
        rows: [
          { row: 1, action: 'create', title: 'First post', errors: [] },
          { row: 2, action: 'create', title: 'Added by hand', errors: [] },
        ],
      });
    }
  });

  it('refuses a media_url on a private address at the dry run, without downloading', async () => {
    const res = await importJson(t, a.token, [
      textRow({
        external_id: 'img-1',
        asset_type: 'image',
        share_text: 'Look',
        media_url: `${base}/photo.png`,
      }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().valid).toBe(false);
    expect(res.json().rows[0].errors).toEqual([
      { column: 'media_url', message: FETCH_FAILED_MESSAGE, rule: 'media_unreachable' },
    ]);
  });
});

describe('POST /api/campaigns/import: the real run', () => {
  it('writes nothing when one row is invalid, and says which', async () => {
    const before = await counts(t, a.orgId);
    const res = await importJson(
      t,
      a.token,
      [
        textRow({ external_id: 'all-1', campaign_external_id: 'all' }),
        textRow({ external_id: 'all-2', campaign_external_id: 'all', title: '' }),
      ],
      false,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'rows.2.title', message: 'title is required' }],
    });
    expect(res.json().message).toMatch(/^Nothing was imported/);
    expect(await counts(t, a.orgId)).toEqual(before);
  });

  it('creates the campaigns and assets, and a re-import with the same external ids updates them', async () => {
    const rows = [
      textRow({ external_id: 'r-1', campaign_external_id: 'reimport', campaign_name: 'Re-import drive' }),
      textRow({
        external_id: 'r-2',
        campaign_external_id: 'reimport',
        campaign_name: 'Re-import drive',
        title: 'Second',
      }),
    ];
    const before = await counts(t, a.orgId);
    const first = await importFile(t, a.token, csv(rows), false);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      dryRun: false,
      valid: true,
      summary: { campaignsCreated: 1, assetsCreated: 2 },
    });
    const [campaignId] = first.json().campaignIds;
    const created = await t.app.inject({
      method: 'GET',
      url: `/api/campaigns/${campaignId}`,
      headers: bearer(a.token),
    });
    expect(created.json()).toMatchObject({
      name: 'Re-import drive',
      status: 'draft',
      assets: [
        { title: 'First post', type: 'text', content: 'Join us this spring' },
        { title: 'Second', type: 'text' },
      ],
    });
    expect(await counts(t, a.orgId)).toEqual({ campaigns: before.campaigns + 1, assets: before.assets + 2 });
    const audit = await t.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('organizationId', '=', a.orgId)
      .where('target', 'in', ['Re-import drive', 'First post', 'Second'])
      .execute();
    expect(audit.map((e) => e.action).sort()).toEqual(['asset.created', 'asset.created', 'campaign.created']);

    // The same file with changed words: a dry run says "update", the real run updates in place.
    const changed = [
      {
        ...rows[0],
        title: 'First post, edited',
        share_text: 'New words',
        campaign_name: 'Re-import drive 2',
      },
      { ...rows[1], campaign_name: 'Re-import drive 2' },
    ];
    const dry = await importFile(t, a.token, csv(changed));
    expect(dry.json()).toMatchObject({
      valid: true,
      summary: { campaignsCreated: 0, campaignsUpdated: 1, assetsCreated: 0, assetsUpdated: 2 },
      rows: [
        { action: 'update', campaignAction: 'update' },
        { action: 'update', campaignAction: 'update' },
      ],
    });
    const again = await importFile(t, a.token, csv(changed), false);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().campaignIds).toEqual([campaignId]);
    expect(await counts(t, a.orgId)).toEqual({ campaigns: before.campaigns + 1, assets: before.assets + 2 });
    const updated = await t.app.inject({
      method: 'GET',
      url: `/api/campaigns/${campaignId}`,
      headers: bearer(a.token),
    });
    expect(updated.json()).toMatchObject({
      name: 'Re-import drive 2',
      assets: [{ title: 'First post, edited', content: 'New words' }, { title: 'Second' }],
    });
  });

  it("does not match another organisation's external ids", async () => {
    const rows = [textRow({ external_id: 'shared-1', campaign_external_id: 'shared' })];
    const mine = await importJson(t, a.token, rows, false);
    expect(mine.statusCode, mine.body).toBe(200);
    const theirs = await importJson(t, b.token, rows, false);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json()).toMatchObject({
      summary: { campaignsCreated: 1, assetsCreated: 1, assetsUpdated: 0 },
    });
    expect(theirs.json().campaignIds[0]).not.toBe(mine.json().campaignIds[0]);
    const aCampaign = await t.app.inject({
      method: 'GET',
      url: `/api/campaigns/${mine.json().campaignIds[0]}`,
      headers: bearer(a.token),
    });
    expect(aCampaign.json().assets).toHaveLength(1);
  });

  it('applies the publishing rule to a campaign imported live', async () => {
    const res = await importJson(t, a.token, [
      textRow({ external_id: 'live-1', campaign_external_id: 'live', campaign_status: 'active' }),
      textRow({ external_id: 'live-2', campaign_external_id: 'live', campaign_status: 'paused' }),
    ]);
    expect(res.json().rows[1].errors).toEqual([
      {
        column: 'campaign_status',
        message: 'One campaign has one status: row 1 gives active',
        rule: 'campaign_status_differs',
        params: { row: 1, status: 'active' },
      },
    ]);
    const ok = await importJson(
      t,
      a.token,
      [textRow({ external_id: 'live-1', campaign_external_id: 'live', campaign_status: 'active' })],
      false,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const campaign = await t.app.inject({
      method: 'GET',
      url: `/api/campaigns/${ok.json().campaignIds[0]}`,
      headers: bearer(a.token),
    });
    expect(campaign.json().status).toBe('active');
    // Back to draft is not a move a published campaign makes.
    const back = await importJson(t, a.token, [
      textRow({ external_id: 'live-1', campaign_external_id: 'live', campaign_status: 'draft' }),
    ]);
    expect(back.json().rows[0].errors).toEqual([
      {
        column: 'campaign_status',
        message: 'A published campaign cannot go back to draft: pause it instead',
        rule: 'status_change_not_allowed',
        params: { from: 'active', to: 'draft' },
      },
    ]);
  });
});

describe("POST /api/campaigns/import: the import's own rules, for the client to word", () => {
  /** Each row's errors as the client words them: column, rule and values. */
  const rulesOf = async (rows: Row[], who = b) => {
    const res = await importJson(t, who.token, rows);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().rows as { errors: { column: string; rule?: string; params?: unknown }[] }[]).map((r) =>
      r.errors.map(({ column, rule, params }) => ({ column, rule, ...(params !== undefined && { params }) })),
    );
  };
  /** A campaign of `b` made by an import, then given `status` (and an end date) directly. */
  async function existing(key: string, status: string, endDate: string | null = null) {
    const made = await importJson(
      t,
      b.token,
      [textRow({ external_id: `${key}-1`, campaign_external_id: key, campaign_name: `Campaign ${key}` })],
      false,
    );
    expect(made.statusCode, made.body).toBe(200);
    await t.database.db
      .updateTable('campaigns')
      .set({ status, endDate })
      .where('id', '=', made.json().campaignIds[0])
      .execute();
  }

  it('across rows: one name and one status per campaign, a new campaign starts draft or active, ids once', async () => {
    expect(
      await rulesOf([
        textRow({ external_id: 'r-1', campaign_external_id: 'rules' }),
        textRow({ external_id: 'r-2', campaign_external_id: 'rules', campaign_name: 'Another name' }),
        textRow({ external_id: 'r-1', campaign_external_id: 'rules', title: 'Again' }),
        textRow({ external_id: 'p-1', campaign_external_id: 'fresh', campaign_status: 'paused' }),
      ]),
    ).toEqual([
      [],
      [{ column: 'campaign_name', rule: 'campaign_name_differs', params: { row: 1, name: 'Spring drive' } }],
      [{ column: 'external_id', rule: 'external_id_repeated', params: { externalId: 'r-1', row: 1 } }],
      [{ column: 'campaign_status', rule: 'new_campaign_status', params: { statuses: ['draft', 'active'] } }],
    ]);
  });

  it("against the organisation's campaigns: archived, a move the campaign page refuses, an ended one past its end", async () => {
    await existing('gone', 'archived');
    await existing('live', 'active');
    await existing('over', 'ended', '2020-01-31');
    expect(
      await rulesOf([
        textRow({ external_id: 'g-2', campaign_external_id: 'gone', campaign_name: 'Campaign gone' }),
        textRow({
          external_id: 'l-2',
          campaign_external_id: 'live',
          campaign_name: 'Campaign live',
          campaign_status: 'draft',
        }),
        textRow({
          external_id: 'o-2',
          campaign_external_id: 'over',
          campaign_name: 'Campaign over',
          campaign_status: 'active',
        }),
      ]),
    ).toEqual([
      [{ column: 'campaign_external_id', rule: 'campaign_archived', params: { name: 'Campaign gone' } }],
      [
        {
          column: 'campaign_status',
          rule: 'status_change_not_allowed',
          params: { from: 'active', to: 'draft' },
        },
      ],
      [{ column: 'campaign_status', rule: 'ended_reopens_from_page' }],
    ]);
  });

  it('an asset in another campaign, and a live campaign with an image without words', async () => {
    await existing('home', 'draft');
    expect(
      await rulesOf([
        textRow({ external_id: 'home-1', campaign_external_id: 'elsewhere', campaign_name: 'Elsewhere' }),
        {
          campaign_name: 'Live now',
          campaign_status: 'active',
          asset_type: 'image',
          title: 'Wordless',
          media_url: 'https://example.org/a.png',
        },
      ]),
    ).toEqual([
      [{ column: 'campaign_external_id', rule: 'asset_in_other_campaign', params: { externalId: 'home-1' } }],
      [{ column: 'share_text', rule: 'live_needs_words', params: { status: 'active', assetType: 'image' } }],
    ]);
  });

  it("the row schema's own checks: a text asset's words and media, an image's media_url and its scheme", async () => {
    const rows: Row[] = [
      textRow({ external_id: undefined, share_text: undefined }),
      textRow({ external_id: undefined, media_url: 'https://example.org/a.png' }),
      { campaign_name: 'Pictures', asset_type: 'video', title: 'No file' },
      {
        campaign_name: 'Pictures',
        asset_type: 'image',
        title: 'Old link',
        media_url: 'ftp://example.org/a.png',
      },
    ];
    expect(await rulesOf(rows)).toEqual([
      [{ column: 'share_text', rule: 'text_needs_share_text', params: {} }],
      [{ column: 'media_url', rule: 'text_has_no_media', params: {} }],
      [{ column: 'media_url', rule: 'media_needs_url', params: { assetType: 'video' } }],
      [{ column: 'media_url', rule: 'media_url_scheme', params: {} }],
    ]);
  });
});

describe('POST /api/campaigns/import: who may', () => {
  it('refuses a viewer (403) and lets an editor API key import', async () => {
    const viewer = await addMember(t.app, a, 'viewer');
    const refused = await importJson(t, viewer.token, [textRow()]);
    expect(refused.statusCode).toBe(403);
    const key = await postApiKey(t.app, a.token, { name: 'Importer', role: 'editor' });
    expect(key.statusCode, key.body).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns/import?dryRun=false',
      headers: bearer(key.json().key),
      payload: { rows: [textRow({ external_id: 'by-key', campaign_external_id: 'by-key' })] },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('POST /api/campaigns/import: media by URL', () => {
  it('downloads through the safe fetcher into the upload store, counted in the quota', async () => {
    const quotaBefore = await open.database.db
      .selectFrom('uploads')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('used'))
      .where('organizationId', '=', media.orgId)
      .executeTakeFirstOrThrow();
    const row = textRow({
      external_id: 'photo-1',
      campaign_external_id: 'photos',
      asset_type: 'image',
      share_text: 'Look',
      media_url: `${base}/photo.png`,
    });
    const dry = await importJson(open, media.token, [row]);
    expect(dry.json()).toMatchObject({ valid: true, rows: [{ errors: [] }] });
    const servedBefore = served;
    const res = await importJson(open, media.token, [row], false);
    expect(res.statusCode, res.body).toBe(200);
    expect(served).toBe(servedBefore + 1);
    const campaign = await open.app.inject({
      method: 'GET',
      url: `/api/campaigns/${res.json().campaignIds[0]}`,
      headers: bearer(media.token),
    });
    const [asset] = campaign.json().assets;
    expect(asset).toMatchObject({ type: 'image', shareText: 'Look' });
    expect(asset.content).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const file = await open.app.inject({ method: 'GET', url: asset.content });
    expect(file.rawPayload.equals(PNG_1X1)).toBe(true);
    const quotaAfter = await open.database.db
      .selectFrom('uploads')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('used'))
      .where('organizationId', '=', media.orgId)
      .executeTakeFirstOrThrow();
    expect(Number(quotaAfter.used) - Number(quotaBefore.used)).toBe(PNG_1X1.length);
    const entry = await open.database.db
      .selectFrom('auditLog')
      .select('target')
      .where('organizationId', '=', media.orgId)
      .where('action', '=', 'upload.created')
      .executeTakeFirstOrThrow();
    expect(entry.target).toBe(
      `${asset.content.slice('/uploads/'.length)} (image/png, ${PNG_1X1.length} bytes, from ${new URL(base).host})`,
    );
  });

  it('writes nothing when a download fails, and names the row and column', async () => {
    const before = await counts(open, media.orgId);
    const res = await importJson(
      open,
      media.token,
      [
        textRow({ external_id: 'ok-text', campaign_external_id: 'broken' }),
        textRow({
          external_id: 'gone',
          campaign_external_id: 'broken',
          asset_type: 'image',
          share_text: 'Look',
          media_url: `${base}/missing.png`,
        }),
      ],
      false,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'URL_FETCH_FAILED',
      errors: [{ path: 'rows.2.media_url', message: FETCH_FAILED_MESSAGE }],
    });
    expect(res.json().message).toMatch(/^Row 2, media_url: /);
    expect(await counts(open, media.orgId)).toEqual(before);
  });
});

describe('POST /api/campaigns/import: webhook events', () => {
  it('queues asset.created, asset.updated and campaign.published with the writes, none for a dry run', async () => {
    const org = await signUp(open.app);
    const endpoint = await open.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: bearer(org.token),
      payload: { url: `${base}/hooks`, events: ['asset.created', 'asset.updated', 'campaign.published'] },
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const endpointId = endpoint.json().id;
    const row = textRow({ external_id: 'hooked', campaign_external_id: 'hooked', campaign_status: 'active' });
    await importJson(open, org.token, [row]);
    expect(await messagesOf(open, endpointId)).toEqual([]);
    expect((await importJson(open, org.token, [row], false)).statusCode).toBe(200);
    expect((await importJson(open, org.token, [{ ...row, title: 'Hooked again' }], false)).statusCode).toBe(
      200,
    );
    const types = (await messagesOf(open, endpointId)).map((m) => JSON.parse(m.body ?? '{}').type);
    expect(types).toEqual(['asset.created', 'campaign.published', 'asset.updated']);
  });
});

describe('POST /api/campaigns/import: changes made meanwhile', () => {
  it('writes nothing when an asset it updates is deleted during the downloads', async () => {
    const text = textRow({ external_id: 'race-text', campaign_external_id: 'race' });
    const first = await importJson(open, media.token, [text], false);
    expect(first.statusCode, first.body).toBe(200);
    const before = await counts(open, media.orgId);
    whileServing = () =>
      open.database.db
        .updateTable('assets')
        .set({ deletedAt: new Date().toISOString() })
        .where('externalId', '=', 'race-text')
        .where('organizationId', '=', media.orgId)
        .execute();
    try {
      const res = await importJson(
        open,
        media.token,
        [
          { ...text, title: 'Race, edited' },
          textRow({
            external_id: 'race-photo',
            campaign_external_id: 'race',
            asset_type: 'image',
            share_text: 'Look',
            media_url: `${base}/photo.png`,
          }),
        ],
        false,
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('ASSET_DELETED');
      // The row and column named, for the workspace to word with the code's words.
      expect(res.json().message).toMatch(/^Row 1, external_id: Asset \d+ was deleted meanwhile/);
      expect(res.json().errors).toEqual([{ path: 'rows.1.external_id', message: expect.any(String) }]);
    } finally {
      whileServing = undefined;
    }
    expect(await counts(open, media.orgId)).toEqual(before);
  });
});

describe('POST /api/campaigns/import: limits', () => {
  /** Image rows, each from a site of its own (ports of the loopback address). */
  const manySites = (count: number, from = 0) =>
    Array.from({ length: count }, (_, i) =>
      textRow({
        external_id: `site-${from + i}`,
        campaign_external_id: 'sites',
        asset_type: 'image',
        share_text: 'Look',
        media_url: `http://127.0.0.1:${2000 + from + i}/photo.png`,
      }),
    );

  it('looks up at most MAX_MEDIA_SITES sites a file, and refuses the rows past them', async () => {
    const who = await signUp(open.app);
    const res = await importJson(open, who.token, manySites(MAX_MEDIA_SITES + 2));
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows as { row: number; errors: unknown[] }[];
    expect(rows.slice(0, MAX_MEDIA_SITES).every((r) => r.errors.length === 0)).toBe(true);
    const past = {
      column: 'media_url',
      message: TOO_MANY_SITES_MESSAGE,
      rule: 'too_many_media_sites',
      params: { maximum: MAX_MEDIA_SITES },
    };
    expect(rows.slice(MAX_MEDIA_SITES).map((r) => r.errors)).toEqual([[past], [past]]);
  });

  it('keeps a budget of site lookups per organisation, dry runs included, and answers 429 past it', async () => {
    const who = await signUp(open.app);
    const files = MEDIA_LOOKUPS_PER_WINDOW / MAX_MEDIA_SITES;
    for (let i = 0; i < files; i++) {
      const res = await importJson(open, who.token, manySites(MAX_MEDIA_SITES, i * MAX_MEDIA_SITES));
      expect(res.statusCode, res.body).toBe(200);
    }
    const over = await importJson(open, who.token, manySites(1));
    expect(over.statusCode, over.body).toBe(429);
    expect(over.json()).toMatchObject({ code: 'RATE_LIMITED', params: { scope: 'organization' } });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Rows without media look nothing up; another organisation has its own budget.
    expect((await importJson(open, who.token, [textRow()])).statusCode).toBe(200);
    const other = await signUp(open.app);
    expect((await importJson(open, other.token, manySites(1))).statusCode).toBe(200);
  });

  it("shares upload-from-url's cap on downloads at once: one instance-wide cap", async () => {
    const capped = await createTestApp({ ALLOW_PRIVATE_FETCH: 'true', UPLOAD_FETCH_CONCURRENCY: '1' });
    try {
      const importer = await signUp(capped.app);
      const other = await signUp(capped.app);
      let meanwhile: { statusCode: number; json: () => any } | undefined;
      whileServing = async () => {
        whileServing = undefined;
        // The import holds the instance's one download slot: another user's download waits its turn.
        meanwhile = await capped.app.inject({
          method: 'POST',
          url: '/api/upload-from-url',
          headers: bearer(other.token),
          payload: { imageUrl: `${base}/photo.png` },
        });
      };
      const res = await importJson(
        capped,
        importer.token,
        [
          textRow({
            external_id: 'capped-photo',
            asset_type: 'image',
            share_text: 'Look',
            media_url: `${base}/photo.png`,
          }),
        ],
        false,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(meanwhile?.statusCode).toBe(429);
      expect(meanwhile?.json().params).toEqual({ retryAfterSeconds: 5, scope: 'upload' });
      // Free again once the import is done.
      const after = await capped.app.inject({
        method: 'POST',
        url: '/api/upload-from-url',
        headers: bearer(other.token),
        payload: { imageUrl: `${base}/photo.png` },
      });
      expect(after.statusCode, after.body).toBe(201);
    } finally {
      whileServing = undefined;
      await capped.close();
    }
  });
});

describe("POST /api/campaigns/import: the campaign edit's rules", () => {
  /** A draft made by an import, with an image added by hand that has no words yet. */
  async function draftWithWordlessImage(who: SignedUp, key: string) {
    const made = await importJson(
      open,
      who.token,
      [textRow({ external_id: `${key}-text`, campaign_external_id: key, campaign_name: key })],
      false,
    );
    expect(made.statusCode, made.body).toBe(200);
    const campaignId = made.json().campaignIds[0];
    const image = await open.app.inject({
      method: 'POST',
      url: '/api/assets',
      headers: bearer(who.token),
      payload: { campaignId, type: 'image', title: `${key} photo`, content: `${base}/photo.png` },
    });
    expect(image.statusCode, image.body).toBe(201);
    return { campaignId, imageId: image.json().id as number };
  }

  const publishRows = (key: string) => [
    textRow({
      external_id: `${key}-text`,
      campaign_external_id: key,
      campaign_name: key,
      campaign_status: 'active',
    }),
  ];

  it('publishes a draft the file names only when the assets it keeps have words, and audits it as an edit', async () => {
    const who = await signUp(open.app);
    const { campaignId, imageId } = await draftWithWordlessImage(who, 'kept');
    const dry = await importJson(open, who.token, publishRows('kept'));
    expect(dry.json().valid).toBe(false);
    expect(dry.json().rows[0].errors).toEqual([
      {
        column: 'campaign_status',
        message:
          'Publishing needs words for every image and video: "kept photo" has no share text nor description',
        rule: 'publish_needs_words',
        params: { title: 'kept photo' },
      },
    ]);
    const described = await open.app.inject({
      method: 'PUT',
      url: `/api/assets/${imageId}`,
      headers: bearer(who.token),
      payload: { description: 'The river in spring' },
    });
    expect(described.statusCode, described.body).toBe(200);
    const res = await importJson(open, who.token, publishRows('kept'), false);
    expect(res.statusCode, res.body).toBe(200);
    const campaign = await open.app.inject({
      method: 'GET',
      url: `/api/campaigns/${campaignId}`,
      headers: bearer(who.token),
    });
    expect(campaign.json().status).toBe('active');
    const audit = await open.database.db
      .selectFrom('auditLog')
      .select(['action', 'target'])
      .where('organizationId', '=', who.orgId)
      .where('action', 'like', 'campaign.%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'campaign.created', target: 'kept' },
      { action: 'campaign.status_changed', target: 'kept: draft to active' },
    ]);
  });

  it('refuses to publish when a kept asset lost its words after the dry run, and writes nothing', async () => {
    const who = await signUp(open.app);
    const { campaignId, imageId } = await draftWithWordlessImage(who, 'race-words');
    await open.database.db
      .updateTable('assets')
      .set({ description: 'The river in spring' })
      .where('id', '=', imageId)
      .execute();
    const before = await counts(open, who.orgId);
    // While the file's photo downloads, the kept image loses its words.
    whileServing = () =>
      open.database.db.updateTable('assets').set({ description: null }).where('id', '=', imageId).execute();
    try {
      const res = await importJson(
        open,
        who.token,
        [
          ...publishRows('race-words'),
          textRow({
            external_id: 'race-words-photo',
            campaign_external_id: 'race-words',
            campaign_name: 'race-words',
            campaign_status: 'active',
            asset_type: 'image',
            share_text: 'Look',
            media_url: `${base}/photo.png`,
          }),
        ],
        false,
      );
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'PUBLISH_NEEDS_SHARE_WORDS',
        params: { assets: ['race-words photo'] },
      });
    } finally {
      whileServing = undefined;
    }
    expect(await counts(open, who.orgId)).toEqual(before);
    const campaign = await open.app.inject({
      method: 'GET',
      url: `/api/campaigns/${campaignId}`,
      headers: bearer(who.token),
    });
    expect(campaign.json().status).toBe('draft');
  });
});
