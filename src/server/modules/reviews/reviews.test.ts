import { beforeAll, describe, expect, it, vi } from 'vitest';
import { addMember } from '../../test/teams.ts';
import { appPerFile, bearer, requester, signUp, type SignedUp } from '../../test/test-app.ts';
import { createAsset, createCampaign } from '../../test/seed-api.ts';

// Review before publishing (docs/api.md "Review and guardrails"): each state change and
// each refusal, on both databases. The public page keeps the approved words while a
// change waits, and shows the new ones right after the approval.

const t = appPerFile({ PUBLIC_URL: 'https://rally.example' });
const req = requester(t);

let admin: SignedUp;
let editor: Awaited<ReturnType<typeof addMember>>;
let reviewer: Awaited<ReturnType<typeof addMember>>;
let viewer: Awaited<ReturnType<typeof addMember>>;

beforeAll(async () => {
  admin = await signUp(t.app);
  editor = await addMember(t.app, admin, 'editor');
  reviewer = await addMember(t.app, admin, 'editor');
  viewer = await addMember(t.app, admin, 'viewer');
  expect(
    (await req('PUT', `/api/organization/members/${reviewer.userId}`, admin.token, { canReview: true }))
      .statusCode,
  ).toBe(200);
  const on = await req('PUT', '/api/organization/settings', admin.token, { review: { required: true } });
  expect(on.statusCode).toBe(200);
  expect(on.json().review).toEqual({ required: true });
});

/** A published campaign with one text asset, made by the admin (whose writes go live). */
async function published(name = 'Clean Rivers') {
  const campaign = await createCampaign(t.app, admin.token, { name, description: 'Approved words' });
  const asset = await createAsset(t.app, admin.token, campaign.id, { content: 'Approved text' });
  return { campaign, asset };
}

const publicView = async (id: number) => {
  const res = await req('GET', `/api/supporter/campaigns/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};

const auditActions = async () =>
  (await req('GET', '/api/organization/activity?limit=100', admin.token))
    .json()
    .map((i: { action: string; target: string }) => `${i.action} ${i.target}`);

describe('the review setting and the reviewer permission', () => {
  it('is off by default for a new organisation', async () => {
    const other = await signUp(t.app);
    const res = await req('GET', '/api/organization/settings', other.token);
    expect(res.json().review).toEqual({ required: false });
  });

  it('lists canReview on members; a viewer cannot be made a reviewer', async () => {
    const members = (await req('GET', '/api/organization/members', admin.token)).json();
    const byId = new Map(members.map((m: { id: number; canReview: boolean }) => [m.id, m.canReview]));
    expect(byId.get(admin.userId)).toBe(true);
    expect(byId.get(reviewer.userId)).toBe(true);
    expect(byId.get(editor.userId)).toBe(false);
    const refused = await req('PUT', `/api/organization/members/${viewer.userId}`, admin.token, {
      canReview: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Only editors and admins can review');
  });

  it('refuses the review decisions to an editor without the permission and to a viewer', async () => {
    const { campaign } = await published('Refusals');
    for (const who of [editor, viewer]) {
      const res = await req('POST', `/api/campaigns/${campaign.id}/review/approve`, who.token, {});
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This needs the reviewer permission');
    }
  });
});

describe('a change to a published campaign', () => {
  it('waits: 202, the live rows and the public page unchanged, the editor sees it', async () => {
    const { campaign, asset } = await published('Waiting');
    const before = await publicView(campaign.id);
    const res = await req('PUT', `/api/campaigns/${campaign.id}`, editor.token, {
      description: 'New words',
      utmMedium: 'poster',
    });
    expect(res.statusCode).toBe(202);
    const { review } = res.json();
    expect(review).toMatchObject({
      campaignId: campaign.id,
      state: 'pending',
      submittedBy: { id: editor.userId },
      changes: [{ kind: 'campaign', fields: { description: 'New words' } }],
    });
    // The internal field applied at once; the public one waits.
    const live = (await req('GET', `/api/campaigns/${campaign.id}`, editor.token)).json();
    expect(live.description).toBe('Approved words');
    expect(live.utmMedium).toBe('poster');
    expect((await publicView(campaign.id)).campaign.description).toBe(before.campaign.description);
    // The asset's words: merged into the same revision.
    const edit = await req('PUT', `/api/assets/${asset.id}`, editor.token, {
      content: 'New text',
      title: 'Internal title',
    });
    expect(edit.statusCode).toBe(202);
    expect(edit.json().review.changes).toEqual([
      { kind: 'campaign', fields: { description: 'New words' } },
      { kind: 'asset', assetId: asset.id, title: 'Internal title', fields: { content: 'New text' } },
    ]);
    const waiting = (await req('GET', `/api/campaigns/${campaign.id}/review`, viewer.token)).json();
    expect(waiting.id).toBe(review.id);
    const view = await publicView(campaign.id);
    expect(view.campaign.description).toBe('Approved words');
    expect(view.assets[0].content).toBe('Approved text');
    // The page too (its first paint carries the view).
    const page = await req('GET', `/supporter/${campaign.id}`);
    expect(page.body).toContain('Approved text');
    expect(page.body).not.toContain('New text');
  });

  it('an admin’s change goes live at once', async () => {
    const { campaign } = await published('Admin voice');
    const res = await req('PUT', `/api/campaigns/${campaign.id}`, admin.token, {
      description: 'Admin words',
    });
    expect(res.statusCode).toBe(200);
    expect((await publicView(campaign.id)).campaign.description).toBe('Admin words');
  });

  it('refuses the author’s own decision, even a reviewer’s; approval applies it and records a version', async () => {
    const { campaign, asset } = await published('Own submission');
    await publicView(campaign.id); // cached
    const sub = await req('PUT', `/api/assets/${asset.id}`, reviewer.token, { content: 'Reviewer text' });
    expect(sub.statusCode).toBe(202);
    const own = await req('POST', `/api/campaigns/${campaign.id}/review/approve`, reviewer.token, {});
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('OWN_SUBMISSION');
    // Another editor adding to the same change does not make it anyone else's: still the reviewer's own.
    const added = await req('PUT', `/api/campaigns/${campaign.id}`, editor.token, {
      description: 'More words',
    });
    expect(added.statusCode).toBe(202);
    for (const path of ['approve', 'request-changes']) {
      const res = await req('POST', `/api/campaigns/${campaign.id}/review/${path}`, reviewer.token, {
        comment: 'Mine',
      });
      expect(res.statusCode, path).toBe(403);
      expect(res.json().code).toBe('OWN_SUBMISSION');
    }
    expect((await publicView(campaign.id)).assets[0].content).toBe('Approved text');

    const ok = await req('POST', `/api/campaigns/${campaign.id}/review/approve`, admin.token, {
      comment: 'Good',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      review: { state: 'approved', decidedBy: { id: admin.userId } },
      version: { version: 1, approvedBy: { id: admin.userId }, submittedBy: { id: editor.userId } },
    });
    // The public view, cached before, serves the new words right after.
    expect((await publicView(campaign.id)).assets[0].content).toBe('Reviewer text');
    const versions = (await req('GET', `/api/campaigns/${campaign.id}/versions`, viewer.token)).json();
    expect(versions).toHaveLength(1);
    expect(versions[0].content.assets[0].content).toBe('Reviewer text');
    expect((await req('GET', `/api/campaigns/${campaign.id}/review`, admin.token)).statusCode).toBe(404);
    const again = await req('POST', `/api/campaigns/${campaign.id}/review/approve`, admin.token, {});
    expect(again.statusCode).toBe(404);
    const log = await auditActions();
    expect(log).toContain('review.submitted Own submission');
    expect(log).toContain('asset.updated Share this');
    expect(log).toContain('review.approved Own submission (version 1)');
  });

  it('request changes needs a comment; the editor fixes; the next approval applies the fix', async () => {
    const { campaign } = await published('Fix it');
    await req('PUT', `/api/campaigns/${campaign.id}`, editor.token, { name: 'Fix it, tpyo' });
    const bare = await req(
      'POST',
      `/api/campaigns/${campaign.id}/review/request-changes`,
      reviewer.token,
      {},
    );
    expect(bare.statusCode).toBe(400);
    const asked = await req('POST', `/api/campaigns/${campaign.id}/review/request-changes`, reviewer.token, {
      comment: 'Typo in the name',
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({
      state: 'changes_requested',
      comments: [{ by: { id: reviewer.userId }, decision: 'changes_requested', text: 'Typo in the name' }],
    });
    // Not pending: no approval until the editor edits again.
    const early = await req('POST', `/api/campaigns/${campaign.id}/review/approve`, admin.token, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('REVIEW_NOT_PENDING');
    const fixed = await req('PUT', `/api/campaigns/${campaign.id}`, editor.token, { name: 'Fix it, typo' });
    expect(fixed.statusCode).toBe(202);
    expect(fixed.json().review.state).toBe('pending');
    expect((await publicView(campaign.id)).campaign.name).toBe('Fix it');
    const ok = await req('POST', `/api/campaigns/${campaign.id}/review/approve`, reviewer.token, {});
    expect(ok.statusCode).toBe(200);
    expect((await publicView(campaign.id)).campaign.name).toBe('Fix it, typo');
    expect(await auditActions()).toContain('review.changes_requested Fix it');
  });

  it('an added and a deleted asset wait; withdrawing drops them', async () => {
    const { campaign, asset } = await published('Assets wait');
    const add = await req('POST', '/api/assets', editor.token, {
      campaignId: campaign.id,
      title: 'Second',
      type: 'text',
      content: 'Second text',
    });
    expect(add.statusCode).toBe(202);
    const del = await req('DELETE', `/api/assets/${asset.id}`, editor.token);
    expect(del.statusCode).toBe(202);
    expect(del.json().review.changes.map((c: { kind: string }) => c.kind)).toEqual(['add', 'delete']);
    expect((await publicView(campaign.id)).assets.map((a: { content: string }) => a.content)).toEqual([
      'Approved text',
    ]);
    // A viewer cannot withdraw; the author can.
    expect(
      (await req('POST', `/api/campaigns/${campaign.id}/review/withdraw`, viewer.token)).statusCode,
    ).toBe(403);
    const gone = await req('POST', `/api/campaigns/${campaign.id}/review/withdraw`, editor.token);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().state).toBe('withdrawn');
    expect((await req('GET', `/api/campaigns/${campaign.id}/assets`, admin.token)).json()).toHaveLength(1);
  });

  it('checks the services’ rules at submission: the last asset of a live campaign stays', async () => {
    const { asset } = await published('Last asset');
    const res = await req('DELETE', `/api/assets/${asset.id}`, editor.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('LAST_ASSET_OF_LIVE_CAMPAIGN');
  });

  it('a viewer cannot submit', async () => {
    const { campaign } = await published('Viewer');
    const res = await req('PUT', `/api/campaigns/${campaign.id}`, viewer.token, { description: 'x' });
    expect(res.statusCode).toBe(403);
  });
});

describe('notices', () => {
  const mails = async (since: number) =>
    (
      await t.database.db
        .selectFrom('outbox')
        .select(['refId', 'subject', 'body'])
        .where('kind', '=', 'notify-reviews')
        .where('id', '>', since)
        .orderBy('id')
        .execute()
    ).map((m) => ({ to: m.refId, subject: m.subject, body: m.body }));
  const lastMail = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    );

  it('mails the reviewers (not the author) on a submission, and the author on a decision', async () => {
    const { campaign } = await published('Noticed');
    let since = await lastMail();
    await req('PUT', `/api/campaigns/${campaign.id}`, editor.token, { description: 'Noticed words' });
    const waiting = await mails(since);
    expect(waiting.map((m) => m.to).sort()).toEqual([admin.userId, reviewer.userId].sort());
    expect(waiting[0].subject).toBe('A change waits for your review');
    expect(waiting[0].body).toContain(`https://rally.example/campaigns/${campaign.id}`);
    // A further edit while it waits: no new mail.
    since = await lastMail();
    await req('PUT', `/api/campaigns/${campaign.id}`, editor.token, { description: 'Noticed words 2' });
    expect(await mails(since)).toEqual([]);
    await req('POST', `/api/campaigns/${campaign.id}/review/request-changes`, reviewer.token, {
      comment: 'Shorter',
    });
    const decided = await mails(since);
    expect(decided.map((m) => m.to)).toEqual([editor.userId]);
    expect(decided[0].body).toContain('Comment: Shorter');
    // Switched off: the reviewer gets nothing.
    await req('PUT', '/api/user/notifications', reviewer.token, { reviews: false });
    since = await lastMail();
    await req('PUT', `/api/campaigns/${campaign.id}`, editor.token, { description: 'Short' });
    expect((await mails(since)).map((m) => m.to)).toEqual([admin.userId]);
  });
});

describe('publishing a draft', () => {
  it('waits for review, checked for its asset first; approval publishes it', async () => {
    const draft = (
      await req('POST', '/api/campaigns', editor.token, { name: 'Editor draft', status: 'draft' })
    ).json();
    // A draft is not public: edited freely.
    expect(
      (await req('PUT', `/api/campaigns/${draft.id}`, editor.token, { description: 'Draft words' }))
        .statusCode,
    ).toBe(200);
    const empty = await req('PUT', `/api/campaigns/${draft.id}`, editor.token, { status: 'active' });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().code).toBe('PUBLISH_NEEDS_ASSET');
    expect(
      (
        await req('POST', '/api/assets', editor.token, {
          campaignId: draft.id,
          title: 'Draft asset',
          type: 'text',
          content: 'Draft text',
        })
      ).statusCode,
    ).toBe(201);
    const sub = await req('PUT', `/api/campaigns/${draft.id}`, editor.token, { status: 'active' });
    expect(sub.statusCode).toBe(202);
    expect((await req('GET', `/api/campaigns/${draft.id}`, editor.token)).json().status).toBe('draft');
    expect((await req('GET', `/api/supporter/campaigns/${draft.id}`)).statusCode).toBe(404);
    const ok = await req('POST', `/api/campaigns/${draft.id}/review/approve`, admin.token, {});
    expect(ok.statusCode).toBe(200);
    expect((await req('GET', `/api/campaigns/${draft.id}`, editor.token)).json().status).toBe('active');
    expect((await publicView(draft.id)).campaign.name).toBe('Editor draft');
  });

  it('while its publishing waits, its words wait too: the approval publishes only what was reviewed with them', async () => {
    const draft = (
      await req('POST', '/api/campaigns', editor.token, { name: 'Waiting draft', description: 'Seen words' })
    ).json();
    const asset = (
      await req('POST', '/api/assets', editor.token, {
        campaignId: draft.id,
        title: 'Draft asset',
        type: 'text',
        content: 'Reviewed text',
      })
    ).json();
    expect(
      (await req('PUT', `/api/campaigns/${draft.id}`, editor.token, { status: 'active' })).statusCode,
    ).toBe(202);
    // Edits after asking to publish join the waiting change instead of applying at once.
    const edit = await req('PUT', `/api/assets/${asset.id}`, editor.token, { content: 'Later text' });
    expect(edit.statusCode, edit.body).toBe(202);
    const words = await req('PUT', `/api/campaigns/${draft.id}`, editor.token, {
      description: 'Later words',
    });
    expect(words.statusCode, words.body).toBe(202);
    const stored = (await req('GET', `/api/campaigns/${draft.id}`, editor.token)).json();
    expect(stored).toMatchObject({ status: 'draft', description: 'Seen words' });
    const waiting = (await req('GET', `/api/campaigns/${draft.id}/review`, admin.token)).json();
    expect(JSON.stringify(waiting.changes)).toContain('Later text');
    expect(JSON.stringify(waiting.changes)).toContain('Later words');
    expect((await req('POST', `/api/campaigns/${draft.id}/review/approve`, admin.token, {})).statusCode).toBe(
      200,
    );
    const live = await publicView(draft.id);
    expect(live.campaign.description).toBe('Later words');
  });
});

describe('the list and the preview', () => {
  it('lists what waits for reviewers, newest first', async () => {
    const { campaign } = await published('Listed');
    await req('PUT', `/api/campaigns/${campaign.id}`, editor.token, { description: 'Listed words' });
    const list = (await req('GET', '/api/reviews?state=pending', reviewer.token)).json();
    expect(list[0]).toMatchObject({ campaignId: campaign.id, campaignName: 'Listed', state: 'pending' });
    expect((await req('GET', '/api/reviews?state=bogus', reviewer.token)).statusCode).toBe(400);
  });

  it('?review=1 shows a member the change applied, uncached; the public never', async () => {
    const { campaign } = await published('Preview');
    await req('PUT', `/api/campaigns/${campaign.id}`, editor.token, { description: 'Preview words' });
    const staff = await t.app.inject({
      method: 'GET',
      url: `/api/supporter/campaigns/${campaign.id}?review=1`,
      headers: bearer(viewer.token),
    });
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['cache-control']).toBe('no-store');
    expect(staff.json()).toMatchObject({ preview: 'review', campaign: { description: 'Preview words' } });
    const anyone = await req('GET', `/api/supporter/campaigns/${campaign.id}?review=1`);
    expect(anyone.json().campaign.description).toBe('Approved words');
    expect(anyone.json().preview).toBeUndefined();
    // Nothing stuck: the live row and the public view are unchanged.
    expect((await publicView(campaign.id)).campaign.description).toBe('Approved words');
    expect((await req('GET', `/api/campaigns/${campaign.id}`, admin.token)).json().description).toBe(
      'Approved words',
    );
  });

  it('the preview is what the approval publishes, read without a write transaction', async () => {
    const campaign = await createCampaign(t.app, admin.token, {
      name: 'Preview equals',
      description: 'Approved words',
      languages: ['en', 'es'],
    });
    const kept = await createAsset(t.app, admin.token, campaign.id, { content: 'Kept text' });
    const edited = await createAsset(t.app, admin.token, campaign.id, {
      type: 'image',
      content: 'https://cdn.example.org/river.png',
      shareText: 'Old caption',
      description: 'A river',
      translations: { es: { shareText: 'Vieja' } },
    });
    const dropped = await createAsset(t.app, admin.token, campaign.id, { content: 'Dropped text' });
    const waits = async (method: 'PUT' | 'POST' | 'DELETE', url: string, body?: object) => {
      const res = await req(method, url, editor.token, body);
      expect(res.statusCode, res.body).toBe(202);
    };
    await waits('PUT', `/api/campaigns/${campaign.id}`, {
      description: 'Waiting words',
      disclosure: '#ad',
      goal: { metric: 'shares', target: 50 },
      utmMedium: 'advocacy',
    });
    await waits('PUT', `/api/assets/${edited.id}`, {
      shareText: 'New caption',
      altText: '  A blue river ',
      textEditable: true,
      translations: { es: { shareText: 'Nueva' } },
      variants: [{ text: 'First way' }, { text: 'Second way' }],
    });
    await waits('POST', '/api/assets', {
      campaignId: campaign.id,
      title: 'Added',
      type: 'text',
      content: 'Added text',
    });
    await waits('DELETE', `/api/assets/${dropped.id}`);

    const asked = (language?: string) =>
      t.app.inject({
        url: `/api/supporter/campaigns/${campaign.id}?review=1`,
        headers: { ...bearer(viewer.token), ...(language && { 'accept-language': language }) },
      });
    const transactions = vi.spyOn(t.database.db, 'transaction');
    const preview = await asked();
    const spanish = await asked('es');
    expect(transactions).not.toHaveBeenCalled();
    transactions.mockRestore();
    expect(preview.statusCode, preview.body).toBe(200);

    const approved = await req('POST', `/api/campaigns/${campaign.id}/review/approve`, admin.token, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const live = async (language?: string) =>
      (
        await t.app.inject({
          url: `/api/supporter/campaigns/${campaign.id}`,
          headers: language ? { 'accept-language': language } : {},
        })
      ).json();
    // Ids, and the variant a visitor is shown, are the rows' own once written.
    const comparable = (view: { campaign: object; assets: Record<string, unknown>[] }) => ({
      campaign: view.campaign,
      assets: view.assets.map(({ id: _i, variant, createdAt: _c, position: _p, ...a }) => ({
        ...a,
        variant: (variant as { text: string } | null | undefined)?.text !== undefined,
      })),
    });
    const { preview: mark, ...shown } = preview.json();
    expect(mark).toBe('review');
    expect(comparable(shown)).toEqual(comparable(await live()));
    const { preview: _, ...shownEs } = spanish.json();
    expect(comparable(shownEs)).toEqual(comparable(await live('es')));
    expect(shown.campaign).toMatchObject({ description: 'Waiting words', disclosure: '#ad' });
    expect(shown.assets.map((a: { content: string }) => a.content)).toEqual([
      'Kept text',
      'https://cdn.example.org/river.png',
      'Added text',
    ]);
    expect(shownEs.assets[1]).toMatchObject({
      shareText: 'Nueva',
      textEditable: true,
      altText: 'A blue river',
    });
    expect(kept.id).toBe(shown.assets[0].id);
  });

  it('?review= from anyone but a member of the organisation gets the cached public page and JSON', async () => {
    const { campaign } = await published('Preview cache');
    await req('PUT', `/api/campaigns/${campaign.id}`, editor.token, { description: 'Waiting words' });
    const page = (query: string, token?: string) =>
      t.app.inject({ url: `/supporter/${campaign.id}${query}`, headers: token ? bearer(token) : {} });
    const plain = await page('');
    expect(plain.statusCode).toBe(200);
    const stranger = await signUp(t.app);
    for (const [query, token] of [
      ['?review=1', undefined],
      ['?review=anything', undefined],
      ['?review', undefined],
      ['?review=1', stranger.token],
      ['?review=1', 'not-a-session'],
    ] as const) {
      const res = await page(query, token);
      expect(res.statusCode, query).toBe(200);
      // The public page as cached: same bytes, same caching, not framable.
      expect(res.body, query).toBe(plain.body);
      expect(res.headers['cache-control'], query).toBe(plain.headers['cache-control']);
      expect(res.headers['content-security-policy'], query).toBe(plain.headers['content-security-policy']);
      const json = await t.app.inject({
        url: `/api/supporter/campaigns/${campaign.id}${query}`,
        headers: token ? bearer(token) : {},
      });
      expect(json.headers['cache-control'], query).not.toBe('no-store');
      expect(json.json().preview, query).toBeUndefined();
      expect(json.json().campaign.description, query).toBe('Approved words');
    }
    // A member's preview is rendered for them: not cached, framable by the review screen.
    const member = await page('?review=1', viewer.token);
    expect(member.headers['cache-control']).toBe('no-store');
    expect(member.headers['content-security-policy']).not.toBe(plain.headers['content-security-policy']);
  });

  it('another organisation’s campaign is 404', async () => {
    const { campaign } = await published('Mine');
    const stranger = await signUp(t.app);
    expect((await req('GET', `/api/campaigns/${campaign.id}/review`, stranger.token)).statusCode).toBe(404);
    expect(
      (await req('POST', `/api/campaigns/${campaign.id}/review/approve`, stranger.token, {})).statusCode,
    ).toBe(404);
  });
});
