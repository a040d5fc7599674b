import fs from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  ARABIC_SCRIPT,
  defaultPosterLine,
  DEFAULT_POSTER_LINE,
  posterText,
  printsAsWritten,
} from './poster-text.ts';
import { POSTER_LINE_MAX } from './schemas/qr.ts';

describe('posterText', () => {
  it('keeps exactly the characters the poster fonts can encode: Helvetica, and the Arabic font for Arabic', async () => {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const arabic = await doc.embedFont(
      fs.readFileSync(
        createRequire(import.meta.url).resolve(
          '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff',
        ),
      ),
    );
    const arabicSet = new Set(arabic.getCharacterSet());
    for (const name of [StandardFonts.Helvetica, StandardFonts.HelveticaBold]) {
      const font = await doc.embedFont(name);
      const encodable = new Set(font.getCharacterSet());
      for (let cp = 0x21; cp < 0xfefd; cp++) {
        const ch = String.fromCodePoint(cp);
        if (/\s/u.test(ch) || (cp >= 0x3000 && cp < 0xfb50)) continue;
        const kept = posterText(`a${ch}b`) === `a${ch}b`;
        // Arabic format characters (the number sign, the letter mark) are invisible: dropped.
        const printable =
          encodable.has(cp) || (ARABIC_SCRIPT.test(ch) && arabicSet.has(cp) && !/\p{Cf}/u.test(ch));
        expect(kept, `U+${cp.toString(16)}`).toBe(printable);
        // Whatever comes out, one of the fonts can draw each character of it.
        for (const c of posterText(`a${ch}b`)) {
          const code = c.codePointAt(0) ?? 0;
          expect(encodable.has(code) || arabicSet.has(code), `U+${code.toString(16)}`).toBe(true);
        }
      }
    }
  });

  it('uses the base letter, drops decoration and invisible characters, marks the rest with ?', () => {
    expect(posterText('Łódź ő')).toBe('?ódz o');
    expect(posterText('Save the park 🌳🇫🇷 👍🏽 now')).toBe('Save the park now');
    expect(posterText('zero\u200bwidth\u0007 bell')).toBe('zerowidth bell');
    expect(posterText('Привет мир')).toBe('?????? ???');
    expect(posterText('  two\n\tlines  ')).toBe('two lines');
    expect(posterText('€ “quoted” — ok…')).toBe('€ “quoted” — ok…');
  });

  it('says whether text prints as written', () => {
    expect(printsAsWritten('Café  crème\n')).toBe(true);
    expect(printsAsWritten('Kraków')).toBe(true);
    expect(printsAsWritten('Łódź')).toBe(false);
    expect(printsAsWritten('Go 🚀')).toBe(false);
    expect(printsAsWritten('أنهار نظيفة ٢٠٣٠ #CleanRivers')).toBe(true);
    expect(printsAsWritten('Привет')).toBe(false);
  });
});

describe('defaultPosterLine', () => {
  it('is the description, cut at a word past the limit, or the fixed line', () => {
    expect(defaultPosterLine(null)).toBe(DEFAULT_POSTER_LINE);
    expect(defaultPosterLine('  \n ')).toBe(DEFAULT_POSTER_LINE);
    expect(defaultPosterLine('Join us\non Saturday')).toBe('Join us on Saturday');
    const long = defaultPosterLine('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(POSTER_LINE_MAX);
    expect(long).toMatch(/^(word )+word…$/);
    // Never half an emoji (a lone surrogate) at the cut.
    const emoji = defaultPosterLine(`${'x'.repeat(POSTER_LINE_MAX - 2)}🌳🌳`);
    expect(emoji.length).toBeLessThanOrEqual(POSTER_LINE_MAX);
    expect(emoji).toBe(`${'x'.repeat(POSTER_LINE_MAX - 2)}…`);
  });
});
