import jsQR from 'jsqr';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  type PDFStream,
} from 'pdf-lib';
import { PNG } from 'pngjs';

// Readers for the campaign's QR files, shared by the API tests and the browser
// tests: they check what a scanner and a PDF reader would find, not how the
// files were made.

/** What a QR scanner reads in a PNG (null when it finds no code). */
export function decodeQrPng(bytes: Uint8Array): { text: string | null; width: number; height: number } {
  const png = PNG.sync.read(Buffer.from(bytes));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return { text: code?.data ?? null, width: png.width, height: png.height };
}

/**
 * The module matrix an SVG of ours draws: its path is horizontal runs
 * (`M{x} {y}h{n}v1h-{n}z`, in module units) on a square viewBox; `quietZone` modules
 * of border are cut off. Throws on any other shape of path.
 */
export function svgModules(svg: string, quietZone: number): boolean[][] {
  const side = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const d = /<path fill="#000" d="([^"]*)"\/>/.exec(svg)?.[1] ?? '';
  const size = side - 2 * quietZone;
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  const runs = d.match(/M\d+ \d+h\d+v1h-\d+z/g) ?? [];
  if (!size || runs.join('') !== d) throw new Error('unexpected SVG path');
  for (const run of runs) {
    const [x, y, n, , back] = (run.match(/\d+/g) ?? []).map(Number);
    if (n !== back) throw new Error(`run ${run} does not close`);
    for (let i = 0; i < n; i++) grid[y - quietZone][x - quietZone + i] = true;
  }
  return grid;
}

/** What a scanner reads in a module matrix drawn at `scale` pixels a module with a quiet zone. */
export function decodeModules(grid: boolean[][], quietZone: number, scale = 6): string | null {
  const side = (grid.length + 2 * quietZone) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < grid.length; y++)
    for (let x = 0; x < grid.length; x++) {
      if (!grid[y][x]) continue;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const at = (((y + quietZone) * scale + dy) * side + (x + quietZone) * scale + dx) * 4;
          data[at] = data[at + 1] = data[at + 2] = 0;
        }
    }
  return jsQR(data, side, side)?.data ?? null;
}

/** The drawing operators of a PDF page, decompressed. */
function pageOperators(doc: PDFDocument, index: number): string {
  const contents = doc.getPage(index).node.Contents();
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((ref) => doc.context.lookup(ref) as PDFStream)
      : contents
        ? [contents]
        : [];
  return streams
    .map((s) =>
      Buffer.from(s instanceof PDFRawStream ? decodePDFRawStream(s).decode() : s.getContents()).toString(
        'latin1',
      ),
    )
    .join('\n');
}

/**
 * The text a PDF page shows, in drawing order: the strings of its text operators
 * (pdf-lib writes standard-font text as hex strings in WinAnsi, Windows-1252).
 */
export function pdfPageText(doc: PDFDocument, index = 0): string[] {
  return [...pageOperators(doc, index).matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((m) =>
    String.fromCodePoint(...[...Buffer.from(m[1], 'hex')].map((b) => CP1252_HIGH[b - 0x80] ?? b)),
  );
}

/**
 * The module matrix of the filled rectangles a PDF page draws (pdf-lib's rectangle:
 * a translation, then a closed path from 0 0 to width height), read back on the grid
 * of the smallest rectangle's height. The code's top-left module is always dark (a
 * finder pattern), so the leftmost and topmost rectangles fix the grid's origin.
 */
export function pdfRectangleModules(doc: PDFDocument, index = 0): boolean[][] {
  const num = '(-?[\\d.]+)';
  const shape = new RegExp(
    `1 0 0 1 ${num} ${num} cm\\n(?:1 0 0 1 0 0 cm\\n)*0 0 m\\n0 ${num} l\\n${num} \\3 l\\n\\4 0 l\\nh\\nf`,
    'g',
  );
  const rects = [...pageOperators(doc, index).matchAll(shape)].map((m) => {
    const [x, y, h, w] = m.slice(1, 5).map(Number);
    return { x, top: y + h, w, h };
  });
  if (rects.length === 0) return [];
  const unit = Math.min(...rects.map((r) => r.h));
  const left = Math.min(...rects.map((r) => r.x));
  const top = Math.max(...rects.map((r) => r.top));
  const cells = rects.map((r) => ({
    col: Math.round((r.x - left) / unit),
    row: Math.round((top - r.top) / unit),
    length: Math.round(r.w / unit),
  }));
  const size = Math.max(...cells.map((c) => Math.max(c.row + 1, c.col + c.length)));
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const c of cells) for (let i = 0; i < c.length; i++) grid[c.row][c.col + i] = true;
  return grid;
}

/** The pixel sizes of the images a PDF page carries (a logo), in the page's resource order. */
export function pdfImages(doc: PDFDocument, index = 0): { width: number; height: number }[] {
  const xobjects = doc.getPage(index).node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
  if (!xobjects) return [];
  return xobjects
    .values()
    .map((ref) => doc.context.lookup(ref) as PDFRawStream)
    .filter((stream) => stream.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
    .map((stream) => ({
      width: stream.dict.lookup(PDFName.of('Width'), PDFNumber).asNumber(),
      height: stream.dict.lookup(PDFName.of('Height'), PDFNumber).asNumber(),
    }));
}

/** Windows-1252's characters for 0x80..0x9F (Node's TextDecoder reads them as Latin-1). */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
];

export const loadPdf = (bytes: Uint8Array) => PDFDocument.load(bytes, { updateMetadata: false });

/** The base font names a PDF page uses (`/Helvetica`, `/ABCDEF+NotoSansArabic-Bold`, ...). */
export function pdfFontNames(doc: PDFDocument, index = 0): string[] {
  const fonts = doc.getPage(index).node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
  return (fonts?.values() ?? []).map((ref) =>
    String(doc.context.lookup(ref, PDFDict).get(PDFName.of('BaseFont'))),
  );
}
