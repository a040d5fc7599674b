import QRCode from 'qrcode';

// One QR code per link, drawn three ways: SVG and PDF squares from the same module
// matrix, PNG through the qrcode package's own rasteriser with the same options.

/**
 * Quartile: a quarter of the code may be lost and it still reads, which a printed
 * poster needs (folds, scuffs, glare on a laminated sheet) more than a small code.
 */
export const QR_ERROR_CORRECTION = 'Q';
/** The blank border, in modules, that scanners need around the code (the standard's 4). */
export const QR_QUIET_ZONE = 4;

export interface QrMatrix {
  /** Modules per side, without the quiet zone. */
  size: number;
  dark: (row: number, col: number) => boolean;
}

export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: QR_ERROR_CORRECTION });
  return { size: modules.size, dark: (row, col) => modules.get(row, col) === 1 };
}

/** A horizontal run of dark modules. */
export interface DarkRun {
  row: number;
  col: number;
  length: number;
}

/**
 * The dark modules as horizontal runs, row by row: one shape per run keeps the files
 * small and leaves no hairline seams between neighbouring squares when printed.
 */
export function darkRuns(matrix: QrMatrix): DarkRun[] {
  const runs: DarkRun[] = [];
  for (let row = 0; row < matrix.size; row++) {
    let col = 0;
    while (col < matrix.size) {
      if (!matrix.dark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < matrix.size && matrix.dark(row, col)) col++;
      runs.push({ row, col: start, length: col - start });
    }
  }
  return runs;
}

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' }[c]};`);

/** Pixels per module of the SVG's nominal size: what an app shows it at before scaling. */
const SVG_PIXELS_PER_MODULE = 8;

/** The code as an SVG: black squares (in module units) on a white square with the quiet zone. */
export function qrSvg(text: string): string {
  const matrix = qrMatrix(text);
  const side = matrix.size + 2 * QR_QUIET_ZONE;
  const path = darkRuns(matrix)
    .map((r) => `M${r.col + QR_QUIET_ZONE} ${r.row + QR_QUIET_ZONE}h${r.length}v1h-${r.length}z`)
    .join('');
  const px = side * SVG_PIXELS_PER_MODULE;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<title>${escapeXml(text)}</title>` +
    `<rect width="${side}" height="${side}" fill="#fff"/>` +
    `<path fill="#000" d="${path}"/></svg>\n`
  );
}

/** The code as a `width` x `width` PNG, quiet zone included. */
export function qrPng(text: string, width: number): Promise<Buffer> {
  return QRCode.toBuffer(text, {
    type: 'png',
    errorCorrectionLevel: QR_ERROR_CORRECTION,
    margin: QR_QUIET_ZONE,
    width,
  });
}
