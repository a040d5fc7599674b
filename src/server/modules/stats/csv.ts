// RFC 4180 cells, with the spreadsheet formula-injection guard: a cell starting with
// = + - @ tab or carriage return gets a leading ' so no spreadsheet runs it.

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (typeof value === 'string' && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvRow = (cells: (string | number | null | undefined)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`;
