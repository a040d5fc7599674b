import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { defaultPosterLine, DEFAULT_POSTER_LINE, posterText, printsAsWritten } from './poster-text.ts';
import { POSTER_LINE_MAX } from './schemas/qr.ts';

describe('posterText', () => {
  it('keeps exactly the characters the poster fonts can encode', async () => {
    const doc = await PDFDocument.create();
    for (const name of [StandardFonts.Helvetica, StandardFonts.HelveticaBold]) {
      const font = await doc.embedFont(name);
      const encodable = new Set(font.getCharacterSet());
      for (let cp = 0x21; cp < 0x3000; cp++) {
        const ch = String.fromCodePoint(cp);
        if (/\s/u.test(ch)) continue;
        const kept = posterText(`a${ch}b`) === `a${ch}b`;
        expect(kept, `U+${cp.toString(16)}`).toBe(encodable.has(cp));
        // Whatever comes out, the font can draw it.
        expect(() => font.encodeText(posterText(`a${ch}b`))).not.toThrow();
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
