import { beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../test/teams.ts';
import { appPerFile, requester, signUp, type SignedUp } from '../../test/test-app.ts';

// Review before publishing covers the writes beside the gated routes: a template used
// and a bulk import by an editor make nothing public while the organisation asks for
// review (docs/api.md "Review before publishing"); an admin's are as before.

const t = appPerFile();
const req = requester(t);
const DRAFTS_ONLY =
  "While review before publishing is on, an editor's import can only create or change drafts";

let admin: SignedUp;
let editor: Awaited<ReturnType<typeof addMember>>;

beforeAll(async () => {
  admin = await signUp(t.app);
  editor = await addMember(t.app, admin, 'editor');
  const on = await req('PUT', '/api/organization/settings', admin.token, { review: { required: true } });
  expect(on.statusCode).toBe(200);
});

const publicStatus = async (id: number) => (await req('GET', `/api/supporter/campaigns/${id}`)).statusCode;

describe('POST /api/templates/:id/use while review is on', () => {
  it("keeps an editor's campaign a draft, whatever status was asked, and says so", async () => {
    for (const body of [undefined, { status: 'active' }]) {
      const res = await req('POST', '/api/templates/donation-drive/use', editor.token, body);
      expect(res.statusCode).toBe(201);
      expect(res.json().campaign.status).toBe('draft');
      expect(res.json().keptDraft).toBe(true);
      expect(await publicStatus(res.json().campaign.id)).toBe(404);
    }
  });

  it("publishes the draft only through review: the editor's publishing waits", async () => {
    const used = (await req('POST', '/api/templates/donation-drive/use', editor.token)).json();
    const publish = await req('PUT', `/api/campaigns/${used.campaign.id}`, editor.token, {
      status: 'active',
    });
    expect(publish.statusCode).toBe(202);
    expect(publish.json().review.changes).toEqual([{ kind: 'campaign', fields: { status: 'active' } }]);
  });

  it('answers a draft asked for as before, and an admin gets a live campaign', async () => {
    const draft = await req('POST', '/api/templates/donation-drive/use', editor.token, { status: 'draft' });
    expect(draft.json().campaign.status).toBe('draft');
    expect(draft.json().keptDraft).toBeUndefined();
    const live = await req('POST', '/api/templates/donation-drive/use', admin.token);
    expect(live.statusCode).toBe(201);
    expect(live.json().campaign.status).toBe('active');
    expect(live.json().keptDraft).toBeUndefined();
    expect(await publicStatus(live.json().campaign.id)).toBe(200);
  });
});

type Row = Record<string, string>;
const row = (over: Row = {}): Row => ({
  external_id: `post-${Math.random().toString(36).slice(2)}`,
  campaign_external_id: 'spring',
  campaign_name: 'Spring drive',
  campaign_status: 'draft',
  asset_type: 'text',
  title: 'First post',
  share_text: 'Join us this spring',
  ...over,
});

const importRows = (token: string, rows: Row[], dryRun: boolean) =>
  req('POST', `/api/campaigns/import?dryRun=${dryRun}`, token, { rows });

const errorsOf = (res: Awaited<ReturnType<typeof importRows>>) =>
  res.json().rows.flatMap((r: { errors: { column: string; message: string }[] }) => r.errors);

describe('POST /api/campaigns/import while review is on', () => {
  it("refuses an editor's row that would publish a new campaign, dry run and real run", async () => {
    const rows = [row({ campaign_external_id: 'new-live', campaign_status: 'active' })];
    const dry = await importRows(editor.token, rows, true);
    expect(dry.statusCode).toBe(200);
    expect(dry.json().valid).toBe(false);
    expect(errorsOf(dry)).toEqual([{ column: 'campaign_status', message: DRAFTS_ONLY, rule: 'drafts_only' }]);
    const real = await importRows(editor.token, rows, false);
    expect(real.statusCode).toBe(400);
    expect(real.json().errors).toEqual([{ path: 'rows.1.campaign_status', message: DRAFTS_ONLY }]);
    const list = (await req('GET', '/api/campaigns', editor.token)).json();
    expect(JSON.stringify(list)).not.toContain('new-live');
  });

  it("refuses an editor's change to a published campaign or its assets", async () => {
    // The admin's import publishes at once.
    const seeded = await importRows(
      admin.token,
      [
        row({
          campaign_external_id: 'live-one',
          campaign_name: 'Live one',
          campaign_status: 'active',
          external_id: 'live-post',
          share_text: 'Approved text',
        }),
      ],
      false,
    );
    expect(seeded.statusCode).toBe(200);
    const campaignId = seeded.json().campaignIds[0];
    expect(await publicStatus(campaignId)).toBe(200);
    const assetsOf = async () =>
      (await req('GET', `/api/campaigns/${campaignId}/assets`, admin.token)).json();
    const before = await assetsOf();
    expect(before).toHaveLength(1);
    // Changing its asset (no status given: the campaign keeps its own, active).
    const change = [
      row({
        campaign_external_id: 'live-one',
        campaign_name: 'Live one',
        external_id: 'live-post',
        campaign_status: '',
        share_text: 'Words nobody approved',
      }),
    ];
    for (const dryRun of [true, false]) {
      const res = await importRows(editor.token, change, dryRun);
      if (dryRun)
        expect(errorsOf(res)).toEqual([
          { column: 'campaign_external_id', message: DRAFTS_ONLY, rule: 'drafts_only' },
        ]);
      else expect(res.json().errors).toEqual([{ path: 'rows.1.campaign_external_id', message: DRAFTS_ONLY }]);
    }
    // Adding an asset to it, even while unpublishing it, is refused too.
    const add = [
      row({ campaign_external_id: 'live-one', campaign_name: 'Live one', campaign_status: 'draft' }),
    ];
    const dry = await importRows(editor.token, add, true);
    expect(errorsOf(dry).map((e: { message: string }) => e.message)).toContain(DRAFTS_ONLY);
    expect(await assetsOf()).toEqual(before);
  });

  it("lets an editor import drafts, and an admin's import is unaffected", async () => {
    const drafts = [row({ campaign_external_id: 'draft-one', campaign_name: 'Draft one' })];
    const mine = await importRows(editor.token, drafts, false);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().campaignIds).toHaveLength(1);
    const live = [
      row({ campaign_external_id: 'admin-live', campaign_name: 'Admin live', campaign_status: 'active' }),
    ];
    const theirs = await importRows(admin.token, live, false);
    expect(theirs.statusCode).toBe(200);
    expect(await publicStatus(theirs.json().campaignIds[0])).toBe(200);
  });
});

describe('the preview of what waits, framed by the review screen', () => {
  const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1];

  it('may be framed by the app itself only; the public page by nobody', async () => {
    const used = (await req('POST', '/api/templates/donation-drive/use', admin.token)).json();
    // An organisation that lets a site frame its share cards lets it frame nothing else.
    const embed = await req('PUT', '/api/organization/settings', admin.token, {
      embed: { allowedOrigins: ['https://www.river.example'] },
    });
    expect(embed.statusCode).toBe(200);
    const preview = await req('GET', `/supporter/${used.campaign.id}?review=1`, admin.token);
    expect(preview.statusCode).toBe(200);
    expect(frameAncestors(preview.headers['content-security-policy'])).toBe("'self'");
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN');
    const page = await req('GET', `/supporter/${used.campaign.id}`);
    expect(frameAncestors(page.headers['content-security-policy'])).toBe("'none'");
  });
});
