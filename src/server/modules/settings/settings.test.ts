import { beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../test/teams.ts';
import { appPerFile, bearer, type SignedUp, sendJson, signUp } from '../../test/test-app.ts';
import { uploadFile } from '../../test/upload-file.ts';
import { PNG_1X1 } from '../../test/sample-files.ts';
import { createAsset, createCampaign } from '../../test/seed-api.ts';

const t = appPerFile();
let admin: SignedUp;
beforeAll(async () => {
  admin = await signUp(t.app);
});

const put = (payload: unknown, token = admin.token) =>
  sendJson(t.app, 'PUT', '/api/organization/settings', payload as object, token);
const get = (token = admin.token) =>
  t.app.inject({ url: '/api/organization/settings', headers: bearer(token) });

describe('organisation settings', () => {
  it('starts from the defaults', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      general: {
        name: `Org of ${admin.username}`,
        description: '',
        website: '',
        contactEmail: '',
        timeZone: 'UTC',
        defaultLanguage: 'en',
      },
      notifications: { campaignUpdates: true, newSupporters: true, milestones: true, weeklyDigest: false },
      branding: { logoUrl: '', primaryColor: '#1d4ed8', accentColor: '#f59e0b' },
      supporters: { collectInfo: true },
      embed: { allowedOrigins: [] },
      privacy: { personalDataMonths: 13, auditMonths: 24, policyUrl: '' },
      guardrails: { blockedWords: [] },
      review: { required: false },
    });
  });

  it('saves a partial update, keeps the rest, and every member reads it back (notifications are their own)', async () => {
    const res = await put({
      general: { name: 'River Friends', website: 'https://river.example' },
      notifications: { weeklyDigest: true },
    });
    expect(res.statusCode).toBe(200);
    const viewer = await addMember(t.app, admin, 'viewer');
    const back = (await get(viewer.token)).json();
    expect(back.general).toEqual({
      name: 'River Friends',
      description: '',
      website: 'https://river.example',
      contactEmail: '',
      timeZone: 'UTC',
      defaultLanguage: 'en',
    });
    // The admin's notification switches are the admin's: the viewer has the defaults.
    expect(res.json().notifications.weeklyDigest).toBe(true);
    expect(back.notifications).toEqual({
      campaignUpdates: true,
      newSupporters: true,
      milestones: true,
      weeklyDigest: false,
    });
    // The organisation's own name follows.
    const org = await t.app.inject({ url: '/api/organization', headers: bearer(viewer.token) });
    expect(org.json().name).toBe('River Friends');
    // Only admins change settings.
    const denied = await put({ notifications: { weeklyDigest: false } }, viewer.token);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('This needs the admin role');
  });

  it.each([
    [{ branding: { primaryColor: 'red' } }, 'branding.primaryColor'],
    [{ branding: { primaryColor: '#12345' } }, 'branding.primaryColor'],
    [{ branding: { accentColor: '#GGGGGG' } }, 'branding.accentColor'],
    [{ branding: { logoUrl: 'javascript:alert(1)' } }, 'branding.logoUrl'],
    [{ branding: { logoUrl: 'https://example.org/page.html' } }, 'branding.logoUrl'],
    [{ branding: { logoUrl: '/uploads/../../etc/passwd' } }, 'branding.logoUrl'],
    [{ general: { contactEmail: 'not-an-email' } }, 'general.contactEmail'],
    [{ general: { website: 'ftp://x' } }, 'general.website'],
    [{ general: { timeZone: 'Mars/Olympus_Mons' } }, 'general.timeZone'],
    [{ general: { timeZone: 7 } }, 'general.timeZone'],
    [{ notifications: { weeklyDigest: 'yes' } }, 'notifications.weeklyDigest'],
    [{ branding: { font: 'Comic Sans' } }, 'branding'],
    [{ privacy: { personalDataMonths: 0 } }, 'privacy.personalDataMonths'],
    [{ privacy: { personalDataMonths: 121 } }, 'privacy.personalDataMonths'],
    [{ privacy: { personalDataMonths: 6.5 } }, 'privacy.personalDataMonths'],
    [{ privacy: { personalDataMonths: '6' } }, 'privacy.personalDataMonths'],
    [{ privacy: { keepForever: true } }, 'privacy'],
    [{ privacy: { auditMonths: 0 } }, 'privacy.auditMonths'],
    [{ privacy: { auditMonths: 121 } }, 'privacy.auditMonths'],
    [{ privacy: { auditMonths: 2.5 } }, 'privacy.auditMonths'],
    [{ privacy: { auditMonths: null } }, 'privacy.auditMonths'],
  ])('rejects %j (400 on %s)', async (payload, path) => {
    const res = await put(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe(path);
  });

  it('refuses a primary colour white text cannot be read on (WCAG AA)', async () => {
    const res = await put({ branding: { primaryColor: '#ffeb3b' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/too light for white text .* needs at least 4\.5:1/);
    expect((await put({ branding: { primaryColor: '#0f766e' } })).statusCode).toBe(200);
  });

  it('accepts an uploaded image or an http(s) image link as logo, not an upload that does not exist', async () => {
    const up = await uploadFile(t.app, admin.token);
    const logoUrl = up.json().file.url;
    expect((await put({ branding: { logoUrl } })).statusCode).toBe(200);
    expect((await put({ branding: { logoUrl: 'https://cdn.example.org/logo.webp' } })).statusCode).toBe(200);
    const missing = await put({ branding: { logoUrl: `/uploads/${'0'.repeat(32)}.png` } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/Logo must be an uploaded image/);
  });

  it('refuses an uploaded logo over 2 MB with the reason on the field, and keeps the old logo', async () => {
    const small = (await uploadFile(t.app, admin.token)).json().file.url;
    expect((await put({ branding: { logoUrl: small } })).statusCode).toBe(200);
    // 2.8 MB: within the upload limit (5 MB), over the logo's.
    const bytes = Buffer.concat([PNG_1X1, Buffer.alloc(Math.round(2.8 * 1024 * 1024))]);
    const up = await uploadFile(t.app, admin.token, { filename: 'big.png', contentType: 'image/png', bytes });
    expect(up.statusCode, up.body).toBe(201);
    const res = await put({ branding: { logoUrl: up.json().file.url } });
    expect(res.statusCode).toBe(400);
    const message = 'The logo is 2.8 MB; a logo can be at most 2 MB. Pick a smaller image.';
    expect(res.json()).toMatchObject({
      code: 'LOGO_TOO_LARGE',
      message,
      errors: [{ path: 'branding.logoUrl', message }],
    });
    expect((await get()).json().branding.logoUrl).toBe(small);
  });

  it('shows on the supporter page at once (the cached campaign is dropped)', async () => {
    const campaign = await createCampaign(t.app, admin.token);
    await createAsset(t.app, admin.token, campaign.id);
    const first = await t.app.inject({ url: `/api/supporter/campaigns/${campaign.id}` });
    expect(first.json().organization.collectInfo).toBe(true);
    await put({ branding: { primaryColor: '#7c2d12', logoUrl: '' }, supporters: { collectInfo: false } });
    const after = (await t.app.inject({ url: `/api/supporter/campaigns/${campaign.id}` })).json();
    expect(after.organization).toEqual({
      name: 'River Friends',
      logoUrl: '',
      primaryColor: '#7c2d12',
      accentColor: '#f59e0b',
      collectInfo: false,
      privacyPolicyUrl: '',
    });
  });

  it('records the change in the audit log', async () => {
    const log = await t.app.inject({ url: '/api/organization/activity', headers: bearer(admin.token) });
    expect(log.json()[0]).toMatchObject({
      action: 'organization.settings_updated',
      target: 'branding, supporters',
    });
  });

  describe('time zone', () => {
    it('saves an IANA zone; members read it and analytics takes it', async () => {
      const res = await put({ general: { timeZone: 'Pacific/Auckland' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().general.timeZone).toBe('Pacific/Auckland');
      const viewer = await addMember(t.app, admin, 'viewer');
      expect((await get(viewer.token)).json().general.timeZone).toBe('Pacific/Auckland');
      // The other general fields are kept by a time-zone-only update.
      expect(res.json().general.name).toBe((await get()).json().general.name);
      const analytics = await t.app.inject({
        url: '/api/organization/analytics?tz=Pacific/Auckland',
        headers: bearer(viewer.token),
      });
      expect(analytics.statusCode).toBe(200);
      expect(analytics.json().range.tz).toBe('Pacific/Auckland');
    });

    it('takes an old zone name as an alias and keeps the current IANA name', async () => {
      const res = await put({ general: { timeZone: 'Asia/Calcutta' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().general.timeZone).toBe('Asia/Kolkata');
      const analytics = await t.app.inject({
        url: '/api/organization/analytics?tz=Europe/Kiev',
        headers: bearer(admin.token),
      });
      expect(analytics.json().range.tz).toBe('Europe/Kyiv');
      // A zone saved by its old name before reads by its current one.
      await t.database.db
        .updateTable('organizationSettings')
        .set({ data: JSON.stringify({ general: { timeZone: 'Europe/Kiev' } }) })
        .where('organizationId', '=', admin.orgId)
        .execute();
      expect((await get()).json().general.timeZone).toBe('Europe/Kyiv');
    });

    it('refuses an unknown zone with a message on the field, and keeps the saved one', async () => {
      await put({ general: { timeZone: 'Europe/Paris' } });
      const res = await put({ general: { timeZone: 'Europe/Atlantis', name: 'Never Saved' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        {
          path: 'general.timeZone',
          message: 'Unknown time zone (use an IANA name such as Europe/Paris or UTC)',
          rule: 'invalid',
        },
      ]);
      const back = (await get()).json().general;
      expect(back.timeZone).toBe('Europe/Paris');
      expect(back.name).not.toBe('Never Saved');
    });

    it("is the admin's to change: editors and viewers get 403 and nothing changes", async () => {
      await put({ general: { timeZone: 'Asia/Tokyo' } });
      for (const role of ['viewer', 'editor'] as const) {
        const member = await addMember(t.app, admin, role);
        const denied = await put({ general: { timeZone: 'America/Chicago' } }, member.token);
        expect(denied.statusCode).toBe(403);
        expect(denied.json().message).toBe('This needs the admin role');
      }
      expect((await get()).json().general.timeZone).toBe('Asia/Tokyo');
    });

    it('belongs to one organisation: another keeps its own (UTC by default)', async () => {
      await put({ general: { timeZone: 'America/Sao_Paulo' } });
      const otherAdmin = await signUp(t.app);
      expect((await get(otherAdmin.token)).json().general.timeZone).toBe('UTC');
      const res = await put({ general: { timeZone: 'Africa/Nairobi' } }, otherAdmin.token);
      expect(res.statusCode).toBe(200);
      expect((await get()).json().general.timeZone).toBe('America/Sao_Paulo');
      expect((await get(otherAdmin.token)).json().general.timeZone).toBe('Africa/Nairobi');
    });
  });

  describe('privacy retention', () => {
    /** The admin's organisation's row: where the retentions are kept. */
    const storedOrganization = () =>
      t.database.db
        .selectFrom('organizations')
        .select(['personalDataMonths', 'auditMonths'])
        .where('id', '=', admin.orgId)
        .executeTakeFirstOrThrow();

    it('keeps 13 months unless an admin changes it; members read it, the audit log records it', async () => {
      const res = await put({ privacy: { personalDataMonths: 6 } });
      expect(res.statusCode).toBe(200);
      expect(res.json().privacy).toEqual({ personalDataMonths: 6, auditMonths: 24, policyUrl: '' });
      const viewer = await addMember(t.app, admin, 'viewer');
      expect((await get(viewer.token)).json().privacy).toEqual({
        personalDataMonths: 6,
        auditMonths: 24,
        policyUrl: '',
      });
      expect((await storedOrganization()).personalDataMonths).toBe(6);
      const log = await t.app.inject({ url: '/api/organization/activity', headers: bearer(admin.token) });
      const entry = log.json().find((e: { action: string }) => e.action === 'organization.settings_updated');
      expect(entry).toMatchObject({ target: 'privacy' });
    });

    it('says what is wrong with a month count it refuses, and keeps the saved one', async () => {
      await put({ privacy: { personalDataMonths: 24 } });
      const res = await put({ privacy: { personalDataMonths: 0 } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Keep personal fields for a whole number of months from 1 to 120');
      expect((await get()).json().privacy.personalDataMonths).toBe(24);
    });

    it('keeps former members in the audit log 24 months unless an admin changes it; 1 to 120, said on the field', async () => {
      const res = await put({ privacy: { auditMonths: 36 } });
      expect(res.statusCode).toBe(200);
      // Each retention is its own: changing one keeps the other.
      expect(res.json().privacy).toMatchObject({ auditMonths: 36, personalDataMonths: 24 });
      expect((await storedOrganization()).auditMonths).toBe(36);
      const bad = await put({ privacy: { auditMonths: 200, personalDataMonths: 2 } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([
        {
          path: 'privacy.auditMonths',
          message:
            "Keep former members' names in the activity log for a whole number of months from 1 to 120",
          rule: 'too_big',
          params: { maximum: 120 },
        },
      ]);
      expect((await get()).json().privacy).toMatchObject({ auditMonths: 36, personalDataMonths: 24 });
      const editor = await addMember(t.app, admin, 'editor');
      expect((await put({ privacy: { auditMonths: 1 } }, editor.token)).statusCode).toBe(403);
      const other = await signUp(t.app);
      expect((await get(other.token)).json().privacy.auditMonths).toBe(24);
    });

    it("is the admin's to change, and one organisation's only", async () => {
      await put({ privacy: { personalDataMonths: 3 } });
      const editor = await addMember(t.app, admin, 'editor');
      const denied = await put({ privacy: { personalDataMonths: 1 } }, editor.token);
      expect(denied.statusCode).toBe(403);
      const other = await signUp(t.app);
      expect((await get(other.token)).json().privacy.personalDataMonths).toBe(13);
      expect((await put({ privacy: { personalDataMonths: 1 } }, other.token)).statusCode).toBe(200);
      expect((await get()).json().privacy.personalDataMonths).toBe(3);
    });
  });
});
