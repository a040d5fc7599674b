import fs from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFRawStream,
  type PDFStream,
} from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadPdf, pdfFontNames } from '../../../../tests/support/qr-files.ts';
import { appPerFile, bearer, signUp } from '../../test/test-app.ts';
import { createCampaign } from '../../test/seed-api.ts';
import { woffToSfnt } from './poster-type.ts';
import { posterWords } from './poster-words.ts';

// An Arabic poster through the API, read back the way a PDF reader extracts text: each
// text operator's glyphs mapped to characters by its font's ToUnicode map. Replacing the
// Arabic with English or '?' would change what comes back.

const PUBLIC_URL = 'https://rally.example.org';
const t = appPerFile({ PUBLIC_URL });

const stream = (s: unknown) =>
  Buffer.from(s instanceof PDFRawStream ? decodePDFRawStream(s).decode() : (s as PDFStream).getContents());

/** A font's glyph code (hex) -> characters, from its ToUnicode CMap. */
function toUnicode(font: PDFDict): Map<string, string> {
  const map = new Map<string, string>();
  const cmap = font.lookup(PDFName.of('ToUnicode'));
  if (!cmap) return map;
  const text = stream(cmap).toString('latin1');
  const chars = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, to] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(code.toLowerCase(), chars(to));
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, from, to, dst] of block[1].matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g,
    ))
      for (let c = Number.parseInt(from, 16); c <= Number.parseInt(to, 16); c++)
        map.set(
          c.toString(16).padStart(from.length, '0'),
          String.fromCodePoint(Number.parseInt(dst, 16) + c - Number.parseInt(from, 16)),
        );
  return map;
}

/** The page's text operators in drawing order: the font resource used and the characters shown. */
function pageRuns(doc: PDFDocument): { font: string; text: string }[] {
  const page = doc.getPage(0);
  const fonts = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict) as PDFDict;
  const contents = page.node.Contents();
  const ops = (
    contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents]
  )
    .map((s) => stream(s).toString('latin1'))
    .join('\n');
  const runs: { font: string; text: string }[] = [];
  let font = '';
  for (const m of ops.matchAll(/\/(\S+) [\d.]+ Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
    if (m[1]) {
      font = m[1];
      continue;
    }
    const dict = fonts.lookup(PDFName.of(font), PDFDict);
    const name = String(dict.get(PDFName.of('BaseFont')));
    const map = toUnicode(dict);
    // Type0 (embedded) fonts show 2-byte glyph ids; the standard fonts 1-byte WinAnsi.
    const width = map.size ? 4 : 2;
    let text = '';
    for (let i = 0; i < m[2].length; i += width) {
      const code = m[2].slice(i, i + width).toLowerCase();
      text += map.size ? (map.get(code) ?? '\ufffd') : String.fromCharCode(Number.parseInt(code, 16));
    }
    runs.push({ font: name, text });
  }
  return runs;
}

/** The ActualText of the page's marked-content spans: each Arabic line as it is written. */
function actualTexts(doc: PDFDocument): string[] {
  const contents = doc.getPage(0).node.Contents();
  const ops = (
    contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents]
  )
    .map((s) => stream(s).toString('latin1'))
    .join('\n');
  return [...ops.matchAll(/\/Span\s*<<\s*\/ActualText\s*<([0-9A-Fa-f]+)>\s*>>\s*BDC/g)].map((m) =>
    Buffer.from(m[1], 'hex')
      .swap16()
      .toString('utf16le')
      .replace(/^\ufeff/, ''),
  );
}

describe('the Arabic poster', () => {
  it('prints the campaign and its own words in Arabic, in the embedded Arabic font', async () => {
    const a = await signUp(t.app);
    const campaign = await createCampaign(t.app, a.token, {
      name: 'أنهار نظيفة',
      description: 'انضموا إلى 300 متطوع',
      defaultLanguage: 'ar',
      languages: ['ar', 'en'],
    });
    const res = await t.app.inject({
      url: `/api/campaigns/${campaign.id}/poster.pdf?lang=ar`,
      headers: bearer(a.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const doc = await loadPdf(res.rawPayload);
    const runs = pageRuns(doc);
    // Every Arabic line carries its text as written: name, line, caption (the
    // organisation's Latin name and the link are plain Helvetica text).
    expect(actualTexts(doc)).toEqual(['أنهار نظيفة', 'انضموا إلى 300 متطوع', posterWords('ar').caption]);
    // Its glyphs are drawn in the Arabic font and map back to Arabic letters, never '?'.
    const arabicRuns = runs.filter((r) => /NotoSansArabic/.test(r.font));
    expect(arabicRuns.length).toBeGreaterThanOrEqual(4);
    for (const run of arabicRuns) expect(run.text.replace(/[\ufffd ]/g, '')).toMatch(/^[\u0600-\u06ff]+$/);
    // The number inside the Arabic line is drawn left to right in Helvetica.
    expect(runs.some((r) => /Helvetica/.test(r.font) && r.text.trim() === '300')).toBe(true);
    expect(runs.map((r) => r.text).join(' ')).not.toContain('Scan the code');

    // The English poster of the same campaign: Helvetica only, English words.
    const english = await t.app.inject({
      url: `/api/campaigns/${campaign.id}/poster.pdf?lang=en&line=Join%20us`,
      headers: bearer(a.token),
    });
    const englishDoc = await loadPdf(english.rawPayload);
    const englishRuns = pageRuns(englishDoc);
    expect(englishRuns.map((r) => r.text)).toContain(posterWords('en').caption);
    expect(actualTexts(englishDoc)).toEqual(['أنهار نظيفة']);
    // The campaign's Arabic name still needs the Arabic font; without it only Helvetica.
    const latin = await createCampaign(t.app, a.token, { name: 'Clean Rivers', languages: ['en', 'ar'] });
    const latinEnglish = await t.app.inject({
      url: `/api/campaigns/${latin.id}/poster.pdf?lang=en`,
      headers: bearer(a.token),
    });
    expect(
      pdfFontNames(await loadPdf(latinEnglish.rawPayload)).every((f) => /^\/Helvetica(-Bold)?$/.test(f)),
    ).toBe(true);
  });
});

describe('the Arabic font unwrapped from WOFF', () => {
  it('is the same font: same glyphs, same shaping', () => {
    const woff = fs.readFileSync(
      createRequire(import.meta.url).resolve(
        '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff',
      ),
    );
    const [a, b] = [fontkit.create(woff), fontkit.create(woffToSfnt(woff))];
    expect(b.numGlyphs).toBe(a.numGlyphs);
    const ids = (f: typeof a) => f.layout('انضموا إلى 300 متطوع').glyphs.map((g) => g.id);
    expect(ids(b)).toEqual(ids(a));
    expect(() => woffToSfnt(Buffer.from('not a font'))).toThrow('not a WOFF font');
  });
});
