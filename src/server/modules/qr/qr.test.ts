import http from 'node:http';
import type { AddressInfo } from 'node:net';
import QRCode from 'qrcode';
import { PageSizes } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POSTER_LINE } from '#shared/poster-text.ts';
import { POSTER_LINE_MAX, QR_PNG_SIZE } from '#shared/schemas/qr.ts';
import {
  decodeModules,
  decodeQrPng,
  loadPdf,
  pdfImages,
  pdfPageText,
  pdfRectangleModules,
  svgModules,
} from '../../../../tests/support/qr-files.ts';
import { pngBytes } from '../../../../tests/support/png.ts';
import { GIF_1X1 } from '../../test/sample-files.ts';
import { uploadFile } from '../../test/upload-file.ts';
import { addMember } from '../../test/teams.ts';
import { appPerFile, bearer, type SignedUp, sendJson, signUp } from '../../test/test-app.ts';
import { createCampaign } from '../../test/seed-api.ts';
import { POSTER_URL_CAPTION } from './poster.ts';
import { QR_ERROR_CORRECTION, QR_QUIET_ZONE } from './qr-code.ts';

// The campaign's QR code and poster, read back the way a scanner and a PDF reader
// would: the code must carry exactly the configured public link with src=qr.

const PUBLIC_URL = 'https://rally.example.org';
// Private fetches allowed: a linked logo is served by a loopback server here.
const t = appPerFile({ PUBLIC_URL: `${PUBLIC_URL}/`, ALLOW_PRIVATE_FETCH: '1' });

let a: SignedUp;
let b: SignedUp;
let viewer: { token: string };
let campaign: { id: number; name: string; description: string };
let codeUrl: string;
/** A's organisation name, which the poster prints above the campaign's. */
let orgName: string;

beforeAll(async () => {
  a = await signUp(t.app);
  b = await signUp(t.app);
  viewer = await addMember(t.app, a, 'viewer');
  campaign = await createCampaign(t.app, a.token, {
    organizationId: a.orgId,
    name: 'Clean Rivers Week',
    description: 'Join us at the river on Saturday',
  });
  codeUrl = `${PUBLIC_URL}/supporter/${campaign.id}?src=qr`;
  orgName = `Org of ${a.username}`;
});

/** The module matrix the qrcode package makes for `url` at print error correction. */
function libraryModules(url: string): boolean[][] {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'Q' });
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, col) => modules.get(row, col) === 1),
  );
}

const get = (url: string, token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });

/** One of the campaign's printable files (qr.png, qr.svg, poster.pdf), as A unless another token is given. */
const ownFile = (name: string, token = a.token, headers: Record<string, string> = {}) =>
  get(`/api/campaigns/${campaign.id}/${name}`, token, headers);

/** One of A's printable files, which must answer 200 as `contentType`. */
async function servedFile(name: string, contentType: string, headers: Record<string, string> = {}) {
  const res = await ownFile(name, a.token, headers);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe(contentType);
  return res;
}

describe('GET /api/campaigns/:id/qr.png', () => {
  it('is a square PNG that scans to the supporter link from PUBLIC_URL with src=qr', async () => {
    // The Host header must not leak into the code: PUBLIC_URL wins.
    const res = await servedFile('qr.png', 'image/png', { host: 'evil.example.com' });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="campaign-${campaign.id}-qr-${QR_PNG_SIZE.default}.png"`,
    );
    expect(decodeQrPng(res.rawPayload)).toEqual({
      text: codeUrl,
      width: QR_PNG_SIZE.default,
      height: QR_PNG_SIZE.default,
    });
  });

  it('is drawn at the size asked for, at both bounds', async () => {
    for (const size of [QR_PNG_SIZE.min, QR_PNG_SIZE.max]) {
      const res = await ownFile(`qr.png?size=${size}`);
      expect(res.statusCode).toBe(200);
      expect(decodeQrPng(res.rawPayload)).toEqual({ text: codeUrl, width: size, height: size });
    }
  });

  it('refuses sizes outside the bounds with a clear 400', async () => {
    for (const size of [QR_PNG_SIZE.min - 1, QR_PNG_SIZE.max + 1, '300.5', '', '-512']) {
      const res = await ownFile(`qr.png?size=${size}`);
      expect(res.statusCode, `size=${size}`).toBe(400);
      expect(res.json().message).toBe('size must be a whole number of pixels from 128 to 2048');
    }
    const word = await ownFile('qr.png?size=big');
    expect(word.statusCode).toBe(400);
    expect(word.json().message).toBe('size must be a number');
    const unknown = await ownFile('qr.png?width=300');
    expect(unknown.statusCode).toBe(400);
  });
});

describe('GET /api/campaigns/:id/qr.svg', () => {
  it('is a well-formed SVG with the module matrix of that link at print error correction', async () => {
    const res = await servedFile('qr.svg', 'image/svg+xml; charset=utf-8');
    const svg = res.body;
    // The whole document, element by element: nothing unclosed, nothing else in it.
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+" viewBox="0 0 \d+ \d+" shape-rendering="crispEdges"><title>[^<&]*<\/title><rect width="\d+" height="\d+" fill="#fff"\/><path fill="#000" d="[Mhvz0-9 -]+"\/><\/svg>\n$/,
    );
    expect(svg).toContain(`<title>${codeUrl}</title>`);

    expect(QR_ERROR_CORRECTION).toBe('Q');
    const grid = svgModules(svg, QR_QUIET_ZONE);
    expect(grid).toEqual(libraryModules(codeUrl));
    // And drawn as pixels, it scans.
    expect(decodeModules(grid, QR_QUIET_ZONE)).toBe(codeUrl);
  });

  it('lets the browser keep it until the link changes (ETag, 304)', async () => {
    const first = await ownFile('qr.svg');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await ownFile('qr.svg', viewer.token, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const png = await ownFile('qr.png', a.token, { 'if-none-match': etag });
    expect(png.statusCode).toBe(200);
    const other = await createCampaign(t.app, a.token, { organizationId: a.orgId });
    const otherSvg = await get(`/api/campaigns/${other.id}/qr.svg`, a.token, { 'if-none-match': etag });
    expect(otherSvg.statusCode).toBe(200);
  });
});

describe('GET /api/campaigns/:id/poster.pdf', () => {
  it('is one A4 page with the name, the description as the line, the code and the link', async () => {
    const res = await servedFile('poster.pdf', 'application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await loadPdf(res.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([width, height]).toEqual(PageSizes.A4);
    expect(doc.getTitle()).toBe(campaign.name);
    expect(doc.getSubject()).toBe(codeUrl);
    expect(doc.getAuthor()).toBe(orgName);
    expect(pdfPageText(doc)).toEqual([
      orgName,
      campaign.name,
      campaign.description,
      POSTER_URL_CAPTION,
      `rally.example.org/supporter/${campaign.id}`,
    ]);
    // The code is vector squares on the page: the same modules, and they scan.
    const squares = pdfRectangleModules(doc);
    expect(squares).toEqual(libraryModules(codeUrl));
    expect(decodeModules(squares, QR_QUIET_ZONE)).toBe(codeUrl);
  });

  it('prints the line asked for, and the default line for a campaign without description', async () => {
    const res = await ownFile(`poster.pdf?line=${encodeURIComponent('  Scan me  ')}`);
    expect(pdfPageText(await loadPdf(res.rawPayload))[2]).toBe('Scan me');
    const bare = await createCampaign(t.app, a.token, { organizationId: a.orgId, description: undefined });
    const plain = await get(`/api/campaigns/${bare.id}/poster.pdf`, a.token);
    expect(pdfPageText(await loadPdf(plain.rawPayload))[2]).toBe(DEFAULT_POSTER_LINE);
    const blank = await get(`/api/campaigns/${bare.id}/poster.pdf?line=%20`, a.token);
    expect(pdfPageText(await loadPdf(blank.rawPayload))[2]).toBe(DEFAULT_POSTER_LINE);
  });

  it('refuses a line over the limit', async () => {
    const res = await ownFile(`poster.pdf?line=${'x'.repeat(POSTER_LINE_MAX + 1)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`line must be at most ${POSTER_LINE_MAX} characters`);
  });

  it('wraps a long name and line over several lines within the page', async () => {
    const name = 'A very long campaign name that cannot possibly fit on one line of an A4 poster';
    const long = await createCampaign(t.app, a.token, { organizationId: a.orgId, name });
    const line = 'word '.repeat(24).trim();
    const res = await get(`/api/campaigns/${long.id}/poster.pdf?line=${encodeURIComponent(line)}`, a.token);
    const text = pdfPageText(await loadPdf(res.rawPayload));
    const urlAt = text.indexOf(POSTER_URL_CAPTION);
    // Nothing is lost: the lines join back into the name, then the line.
    expect(text.slice(1, urlAt).join(' ')).toBe(`${name} ${line}`);
    expect(urlAt).toBeGreaterThan(4);
  });

  it('prints text the standard fonts lack by the fallback rule, and keeps the exact name as the title', async () => {
    const name = 'Łódź 🌳 Привет 東京 Straße';
    const intl = await createCampaign(t.app, a.token, { organizationId: a.orgId, name });
    const res = await get(
      `/api/campaigns/${intl.id}/poster.pdf?line=${encodeURIComponent('Café – ½ ✓ 🙂 ok')}`,
      a.token,
    );
    expect(res.statusCode).toBe(200);
    const doc = await loadPdf(res.rawPayload);
    expect(doc.getTitle()).toBe(name);
    // Ł has no base letter in the font (?), ź has (z), ó prints; emoji are left out.
    const text = pdfPageText(doc);
    expect(text.slice(1, -2).join(' ')).toBe('?ódz ?????? ?? Straße Café – ½ ? ok');
  });

  it('changes its ETag when the campaign name changes', async () => {
    const url = `/api/campaigns/${campaign.id}/poster.pdf`;
    const before = String((await get(url, a.token)).headers.etag);
    expect((await get(url, a.token, { 'if-none-match': before })).statusCode).toBe(304);
    const renamed = await sendJson(
      t.app,
      'PUT',
      `/api/campaigns/${campaign.id}`,
      { name: 'Rivers Renamed' },
      a.token,
    );
    expect(renamed.statusCode).toBe(200);
    const after = await get(url, a.token, { 'if-none-match': before });
    expect(after.statusCode).toBe(200);
    expect(pdfPageText(await loadPdf(after.rawPayload))[1]).toBe('Rivers Renamed');
  });
});

/** A valid 1x1 JPEG (baseline, one component). */
const JPEG_1X1 = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

describe("the organisation's name and logo on the poster", () => {
  let owner: SignedUp;
  let posterUrl: string;
  let logoServer: http.Server;
  let logoBase: string;

  beforeAll(async () => {
    owner = await signUp(t.app);
    const c = await createCampaign(t.app, owner.token, { name: 'Logo drive' });
    posterUrl = `/api/campaigns/${c.id}/poster.pdf`;
    // A JPEG, a damaged PNG (its signature, then nothing a PNG has), and 404 for the rest.
    const files: Record<string, Buffer> = {
      '/logo.jpg': JPEG_1X1,
      '/broken.png': Buffer.concat([pngBytes().subarray(0, 8), Buffer.from('not the rest of a png')]),
    };
    logoServer = http.createServer((req, res) => {
      const body = files[req.url ?? ''];
      return body ? res.writeHead(200).end(body) : res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => logoServer.listen(0, '127.0.0.1', resolve));
    logoBase = `http://127.0.0.1:${(logoServer.address() as AddressInfo).port}`;
    return () => new Promise<void>((resolve) => logoServer.close(() => resolve()));
  });

  const setLogo = async (logoUrl: string) => {
    const res = await sendJson(
      t.app,
      'PUT',
      '/api/organization/settings',
      { branding: { logoUrl } },
      owner.token,
    );
    expect(res.statusCode, res.body).toBe(200);
  };
  const poster = async () => {
    const res = await get(posterUrl, owner.token);
    expect(res.statusCode).toBe(200);
    return loadPdf(res.rawPayload);
  };

  it('prints an uploaded PNG logo at the top, above the name, and a new logo is a new file', async () => {
    const before = String((await get(posterUrl, owner.token)).headers.etag);
    expect(pdfImages(await poster())).toEqual([]);
    const upload = await uploadFile(t.app, owner.token, {
      filename: 'logo.png',
      contentType: 'image/png',
      bytes: pngBytes(40, 20),
    });
    await setLogo(upload.json().file.url);
    const doc = await poster();
    expect(pdfImages(doc)).toEqual([{ width: 40, height: 20 }]);
    expect(pdfPageText(doc).slice(0, 2)).toEqual([`Org of ${owner.username}`, 'Logo drive']);
    expect((await get(posterUrl, owner.token, { 'if-none-match': before })).statusCode).toBe(200);
  });

  it('prints a linked JPEG logo, fetched by the safe fetcher', async () => {
    await setLogo(`${logoBase}/logo.jpg`);
    expect(pdfImages(await poster())).toEqual([{ width: 1, height: 1 }]);
  });

  it('leaves out a logo it cannot print (a GIF) reach or read, and still makes the poster with the name', async () => {
    const gif = await uploadFile(t.app, owner.token, {
      filename: 'l.gif',
      contentType: 'image/gif',
      bytes: GIF_1X1,
    });
    for (const logoUrl of [gif.json().file.url, `${logoBase}/missing.png`, `${logoBase}/broken.png`]) {
      await setLogo(logoUrl);
      const doc = await poster();
      expect(pdfImages(doc), logoUrl).toEqual([]);
      expect(pdfPageText(doc)[0]).toBe(`Org of ${owner.username}`);
    }
  });
});

describe('who may get them', () => {
  const files = (id: number | string) => [
    `/api/campaigns/${id}/qr.svg`,
    `/api/campaigns/${id}/qr.png`,
    `/api/campaigns/${id}/poster.pdf`,
  ];

  it('serves any member of the organisation, viewers included', async () => {
    for (const url of files(campaign.id)) expect((await get(url, viewer.token)).statusCode, url).toBe(200);
  });

  it('answers 404 for another organisation campaign and an unknown id, 401 without a session', async () => {
    for (const url of files(campaign.id)) {
      const res = await get(url, b.token);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('Campaign not found');
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
    for (const url of files(999999)) expect((await get(url, a.token)).statusCode, url).toBe(404);
    for (const url of files('abc')) expect((await get(url, a.token)).statusCode, url).toBe(400);
  });
});
