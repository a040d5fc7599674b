import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadPdf, pdfFontNames } from '../../../../tests/support/qr-files.ts';
import { posterPdf } from './poster.ts';
import { posterFaces, visualRuns } from './poster-type.ts';
import { posterWords } from './poster-words.ts';

// Arabic on the poster: set in the embedded Arabic font, joined, right to left, with
// numbers and Latin words inside it kept left to right; English posters unchanged.

const ARABIC_POSTER = {
  organization: { name: 'أصدقاء النهر', logo: null },
  name: 'أنهار نظيفة 2030',
  line: 'انضموا إلى 300 متطوع يوم السبت #CleanRivers',
  codeUrl: 'https://rally.example.org/supporter/1?lang=ar',
  printedUrl: 'rally.example.org/supporter/1?lang=ar',
  caption: posterWords('ar').caption,
};
const ENGLISH_POSTER = {
  organization: { name: 'River Friends', logo: null },
  name: 'Clean Rivers 2030',
  line: 'Join 300 volunteers on Saturday',
  codeUrl: 'https://rally.example.org/supporter/1',
  printedUrl: 'rally.example.org/supporter/1',
  caption: posterWords('en').caption,
};

describe('Arabic on the poster', () => {
  it('embeds the Arabic font only in a poster that has Arabic', async () => {
    const started = performance.now();
    const arabic = await posterPdf(ARABIC_POSTER);
    const arabicMs = performance.now() - started;
    const english = await posterPdf(ENGLISH_POSTER);
    const arabicFonts = pdfFontNames(await loadPdf(arabic));
    expect(arabicFonts.some((f) => /NotoSansArabic-Regular/.test(f))).toBe(true);
    expect(arabicFonts.some((f) => /NotoSansArabic-Bold/.test(f))).toBe(true);
    const englishFonts = pdfFontNames(await loadPdf(english));
    expect(englishFonts.length).toBeGreaterThan(0);
    expect(englishFonts.every((f) => /^\/Helvetica(-Bold)?$/.test(f))).toBe(true);
    console.log(
      `poster: Arabic ${arabic.length} bytes (${arabicMs.toFixed(0)} ms, fonts read and subset), English ${english.length} bytes`,
    );
  });

  it('joins the letters: a word is not its letters set alone', async () => {
    const doc = await PDFDocument.create();
    const { regular } = await posterFaces(doc, ['ب']);
    const font = regular.arabic;
    expect(font).toBeDefined();
    const glyphs = (text: string) =>
      (
        font as unknown as { embedder: { font: { layout: (t: string) => { glyphs: { id: number }[] } } } }
      ).embedder.font
        .layout(text)
        .glyphs.map((g) => g.id);
    const alone = glyphs('ب');
    const word = glyphs('ببب');
    // Three letters, each in its joined form (initial, medial, final): none is the isolated one.
    expect(word.filter((id) => !alone.includes(id)).length).toBeGreaterThanOrEqual(3);
  });

  it('orders a mixed line as it is read: Arabic right to left, numbers and Latin left to right', async () => {
    const doc = await PDFDocument.create();
    const { regular } = await posterFaces(doc, ['ا']);
    const runs = visualRuns(regular, 'انضموا إلى 300 متطوع CleanRivers');
    // Drawn left to right: the Latin word (last in the sentence) first, then the last
    // Arabic word, the number, then the first Arabic words; each Arabic run in its own order.
    const drawn = runs
      .map((r) => [r.font === regular.arabic ? 'ar' : 'latin', r.text.trim()])
      .filter(([, t]) => t);
    expect(drawn).toEqual([
      ['latin', 'CleanRivers'],
      ['ar', 'متطوع'],
      ['latin', '300'],
      ['ar', 'انضموا إلى'],
    ]);
    // A hashtag ending an Arabic sentence: its '#' takes the sentence's direction, as a
    // browser shows it (the Unicode bidi algorithm), so it is drawn right of the word.
    const hashtag = visualRuns(regular, 'متطوع #CleanRivers').map((r) => r.text.trim());
    expect(hashtag.slice(0, 2)).toEqual(['CleanRivers', '#']);
    // A Latin line stays one run in Helvetica.
    expect(visualRuns(regular, 'Join 300 volunteers')).toEqual([
      { text: 'Join 300 volunteers', font: regular.latin },
    ]);
  });
});
