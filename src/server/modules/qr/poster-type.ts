import { createRequire } from 'node:module';
import fs from 'node:fs';
import zlib from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import bidiFactory from 'bidi-js';
import {
  type PDFDocument,
  type PDFFont,
  PDFHexString,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  type RGB,
  StandardFonts,
} from 'pdf-lib';
import { ARABIC_SCRIPT } from '#shared/poster-text.ts';

// How the poster sets a line of text. Latin text is set in the PDF standard fonts
// (Helvetica, nothing to embed). Arabic is set in Noto Sans Arabic, embedded (subset)
// only in a poster that has Arabic: fontkit joins the letters and lays an Arabic run
// out right to left, and the Unicode bidi algorithm (bidi-js) orders the runs of a
// mixed line, so numbers and Latin words inside Arabic keep reading left to right.

const bidi = bidiFactory();
const require = createRequire(import.meta.url);
const ARABIC_FONT_FILES = {
  regular: '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff',
  bold: '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff',
};

/**
 * A WOFF file as the plain OpenType font it wraps: each table inflated with Node's zlib.
 * fontkit reads WOFF too, but inflates tables in JavaScript on every poster (about ten
 * times slower to lay text out).
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF font');
  const count = woff.readUInt16BE(12);
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(woff.readUInt32BE(4), 0); // the font's flavour
  header.writeUInt16BE(count, 4);
  // searchRange, entrySelector, rangeShift: the table directory's binary-search hints.
  const power = 2 ** Math.floor(Math.log2(count));
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(count * 16 - power * 16, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  for (let i = 0; i < count; i++) {
    const entry = 44 + i * 20;
    const [tag, at, stored, length, checksum] = [0, 4, 8, 12, 16].map((d) => woff.readUInt32BE(entry + d));
    const raw = woff.subarray(at, at + stored);
    const data = stored < length ? zlib.inflateSync(raw) : raw;
    const row = 12 + i * 16;
    header.writeUInt32BE(tag, row);
    header.writeUInt32BE(checksum, row + 4);
    header.writeUInt32BE(offset, row + 8);
    header.writeUInt32BE(length, row + 12);
    const padded = Buffer.alloc((length + 3) & ~3);
    data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  }
  return Buffer.concat([header, ...bodies]);
}

const fontFiles = new Map<string, Buffer>();
/** A font file's OpenType bytes, read and inflated once. */
function fontBytes(file: string): Buffer {
  let bytes = fontFiles.get(file);
  if (!bytes) {
    bytes = woffToSfnt(fs.readFileSync(require.resolve(file)));
    fontFiles.set(file, bytes);
  }
  return bytes;
}

/** One weight's fonts: Latin always, Arabic when the poster has Arabic. */
export interface Face {
  latin: PDFFont;
  arabic?: PDFFont;
}

/** The poster's regular and bold faces, with Arabic embedded only when `texts` need it. */
export async function posterFaces(doc: PDFDocument, texts: string[]): Promise<{ regular: Face; bold: Face }> {
  const regular: Face = { latin: await doc.embedFont(StandardFonts.Helvetica) };
  const bold: Face = { latin: await doc.embedFont(StandardFonts.HelveticaBold) };
  if (texts.some((t) => ARABIC_SCRIPT.test(t))) {
    doc.registerFontkit(fontkit);
    const embed = (file: string) => doc.embedFont(fontBytes(file), { subset: true });
    regular.arabic = await embed(ARABIC_FONT_FILES.regular);
    bold.arabic = await embed(ARABIC_FONT_FILES.bold);
  }
  return { regular, bold };
}

const characterSets = new WeakMap<PDFFont, Set<number>>();
/** Whether `font` has a glyph for the character. */
function has(font: PDFFont, code: number): boolean {
  let set = characterSets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    characterSets.set(font, set);
  }
  return set.has(code);
}

/** A piece of a line in one font, as it is drawn from left to right. */
export interface Run {
  text: string;
  font: PDFFont;
}

/**
 * `text`'s runs in visual order (left to right). An Arabic run keeps its logical order:
 * fontkit shapes it and lays it out right to left; any other run is given in the order
 * its characters are seen.
 */
export function visualRuns(face: Face, text: string): Run[] {
  const arabic = face.arabic;
  if (!arabic || !ARABIC_SCRIPT.test(text)) return [{ text, font: face.latin }];
  const levels = bidi.getEmbeddingLevels(text);
  const order = bidi.getReorderedIndices(text, levels);
  const runs: Run[] = [];
  let current: { indices: number[]; font: PDFFont; rtl: boolean } | undefined;
  const flush = () => {
    if (!current) return;
    const { indices, font } = current;
    runs.push({
      text:
        font === arabic
          ? text.slice(Math.min(...indices), Math.max(...indices) + 1)
          : indices
              .map((i) => (current?.rtl ? (bidi.getMirroredCharacter(text[i]) ?? text[i]) : text[i]))
              .join(''),
      font,
    });
  };
  for (const i of order) {
    const rtl = levels.levels[i] % 2 === 1;
    // Right-to-left text in the Arabic font where it has the character (letters, their
    // marks, Arabic punctuation, spaces between Arabic words); the rest in Latin.
    const font = rtl && has(arabic, text.charCodeAt(i)) ? arabic : face.latin;
    const last = current?.indices[current.indices.length - 1];
    const next = last === undefined ? undefined : last + (rtl ? -1 : 1);
    if (current && current.font === font && current.rtl === rtl && i === next) current.indices.push(i);
    else {
      flush();
      current = { indices: [i], font, rtl };
    }
  }
  flush();
  return runs;
}

/** The width of `text` set in `face` at `size` points. */
export const widthOf = (face: Face, text: string, size: number) =>
  visualRuns(face, text).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);

/** Draws `text` from `x` at baseline `y`, run after run. */
export function drawLine(
  page: PDFPage,
  face: Face,
  text: string,
  at: { x: number; y: number; size: number; color: RGB },
): void {
  const runs = visualRuns(face, text);
  // The Arabic font draws letters as joined skeletons plus separate dots, and the runs in
  // visual order, so its glyphs read back as other letters. An ActualText span gives PDF
  // readers (copy, search, screen readers) the line as written.
  const spoken = runs.some((run) => run.font === face.arabic);
  if (spoken) {
    // An inline property list: pdf-lib writes any object as an operand, though its
    // operand type (not exported) leaves dictionaries out.
    const span = page.doc.context.obj({
      ActualText: PDFHexString.fromText(text),
    }) as unknown as PDFName;
    page.pushOperators(
      PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of('Span'), span]),
    );
  }
  let x = at.x;
  for (const run of runs) {
    page.drawText(run.text, { x, y: at.y, size: at.size, font: run.font, color: at.color });
    x += run.font.widthOfTextAtSize(run.text, at.size);
  }
  if (spoken) page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
}
