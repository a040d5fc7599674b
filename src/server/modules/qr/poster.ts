import { PageSizes, PDFDocument, type PDFImage, type PDFPage, type RGB, rgb } from 'pdf-lib';
import { posterText } from '#shared/poster-text.ts';
import type { PosterLogo } from './poster-logo.ts';
import { drawLine, type Face, posterFaces, widthOf } from './poster-type.ts';
import { darkRuns, QR_QUIET_ZONE, qrMatrix } from './qr-code.ts';

// The printable A4 poster: the organisation's logo and name, the campaign name, a line
// of text, the QR code drawn as vector squares (sharp at any print size), and the link
// to type in under it.

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
/** 2 cm: inside what office printers leave unprinted. */
const MARGIN = 56;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const INK = rgb(0, 0, 0);
const MUTED = rgb(0.3, 0.3, 0.3);
const ELLIPSIS = '…';
export { POSTER_URL_CAPTION } from './poster-words.ts';

/** The most room the logo takes at the top of the poster (points). */
const LOGO_MAX_HEIGHT = 72;
const LOGO_MAX_WIDTH = 220;

export interface PosterInput {
  /** Whose campaign it is: the organisation's name, and its logo when it can be printed. */
  organization: { name: string; logo: PosterLogo | null };
  /** The campaign name, as stored (the PDF's title keeps it exactly). */
  name: string;
  line: string;
  /** What the code encodes. */
  codeUrl: string;
  /** The link printed for typing in. */
  printedUrl: string;
  /** The words over it, in the poster's language (poster-words.ts). */
  caption: string;
}

/** `text` broken into lines no wider than `width`; a word wider than a line is split. */
function wrap(face: Face, text: string, size: number, width: number): string[] {
  const fits = (s: string) => widthOf(face, s, size) <= width;
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const joined = current ? `${current} ${word}` : word;
    if (fits(joined)) {
      current = joined;
      continue;
    }
    if (current) lines.push(current);
    current = '';
    for (const ch of word) {
      if (current && !fits(current + ch)) {
        lines.push(current);
        current = '';
      }
      current += ch;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/**
 * The largest size from `max` down to `min` at which `text` takes at most `maxLines`
 * lines; at `min` a longer text is cut, its last line ending with '…'.
 */
function fitText(
  face: Face,
  text: string,
  opts: { max: number; min: number; maxLines: number },
): { size: number; lines: string[] } {
  for (let size = opts.max; size > opts.min; size -= 2) {
    const lines = wrap(face, text, size, CONTENT_WIDTH);
    if (lines.length <= opts.maxLines) return { size, lines };
  }
  const size = opts.min;
  const lines = wrap(face, text, size, CONTENT_WIDTH);
  if (lines.length <= opts.maxLines) return { size, lines };
  const kept = lines.slice(0, opts.maxLines);
  let last = kept[kept.length - 1];
  while (last && widthOf(face, last + ELLIPSIS, size) > CONTENT_WIDTH) last = last.slice(0, -1);
  kept[kept.length - 1] = last.trimEnd() + ELLIPSIS;
  return { size, lines: kept };
}

const lineHeight = (size: number) => size * 1.2;

/** Draws centred lines from `top` downwards; returns the y under the last one. */
function drawCentred(
  page: PDFPage,
  face: Face,
  block: { size: number; lines: string[] },
  top: number,
  color = INK,
): number {
  let y = top;
  for (const line of block.lines) {
    y -= lineHeight(block.size);
    const x = (PAGE_WIDTH - widthOf(face, line, block.size)) / 2;
    drawLine(page, face, line, { x, y: y + block.size * 0.22, size: block.size, color });
  }
  return y;
}

/** The logo in the document, or null when its bytes do not parse (a damaged file): the poster goes without. */
async function embedLogo(doc: PDFDocument, logo: PosterLogo | null): Promise<PDFImage | null> {
  if (!logo) return null;
  try {
    return logo.format === 'png' ? await doc.embedPng(logo.bytes) : await doc.embedJpg(logo.bytes);
  } catch {
    return null;
  }
}

export async function posterPdf(input: PosterInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(input.name);
  doc.setSubject(input.codeUrl);
  doc.setCreator('Rally');
  doc.setAuthor(input.organization.name);
  const page = doc.addPage(PageSizes.A4);
  const { regular, bold } = await posterFaces(doc, [
    input.organization.name,
    input.name,
    input.line,
    input.caption,
  ]);

  // Top down: the organisation (logo, name), the campaign's name, then the line.
  let top = PAGE_HEIGHT - MARGIN;
  const image = await embedLogo(doc, input.organization.logo);
  if (image) {
    const scale = Math.min(LOGO_MAX_HEIGHT / image.height, LOGO_MAX_WIDTH / image.width);
    const { width, height } = image.scale(scale);
    page.drawImage(image, { x: (PAGE_WIDTH - width) / 2, y: top - height, width, height });
    top -= height + 8;
  }
  const heading: Array<[Face, string, { max: number; min: number; maxLines: number }, number, RGB?]> = [
    [regular, input.organization.name, { max: 18, min: 12, maxLines: 2 }, 16, MUTED],
    [bold, input.name, { max: 44, min: 24, maxLines: 3 }, 12],
    [regular, input.line, { max: 24, min: 16, maxLines: 3 }, 0],
  ];
  for (const [face, text, size, gapAfter, color] of heading) {
    top = drawCentred(page, face, fitText(face, posterText(text), size), top, color) - gapAfter;
  }

  // Bottom up: the link under the code.
  const url = fitText(bold, posterText(input.printedUrl), { max: 20, min: 10, maxLines: 2 });
  const caption = fitText(regular, input.caption, { max: 13, min: 11, maxLines: 2 });
  const urlBlock = caption.lines.length * lineHeight(caption.size) + url.lines.length * lineHeight(url.size);
  const bottom = MARGIN + urlBlock;
  drawCentred(page, bold, url, drawCentred(page, regular, caption, bottom, MUTED));

  // The code fills what is left between them, centred, quiet zone included.
  const gap = 24;
  const side = Math.min(CONTENT_WIDTH, top - bottom - 2 * gap);
  const matrix = qrMatrix(input.codeUrl);
  const module = side / (matrix.size + 2 * QR_QUIET_ZONE);
  const left = (PAGE_WIDTH - side) / 2 + QR_QUIET_ZONE * module;
  const codeTop = (top + bottom + side) / 2 - QR_QUIET_ZONE * module;
  for (const run of darkRuns(matrix)) {
    page.drawRectangle({
      x: left + run.col * module,
      y: codeTop - (run.row + 1) * module,
      width: run.length * module,
      height: module,
      color: INK,
    });
  }
  return doc.save();
}
