// RFC 4180 cells, with the spreadsheet formula-injection guard (OWASP, CSV Injection):
// a cell starting with = + - @ tab or carriage return gets a leading ' so no
// spreadsheet runs it. A spreadsheet that splits fields on another separator (`;` in
// many locales, `|`, a tab) or strips quotes and spaces would start a new cell after
// them, so a formula character at the start of any such cell, at the start of the
// value or after a separator anywhere in it (`;=1+1`, ` =1+1`, `"@x`, `x;=1+1`,
// `x<tab>=1+1`), gets its ' right before it, where that cell would begin.

const FORMULA_START = /^[=+\-@\t\r]/;
/** The start or a separator, then quotes and blanks, then a formula character. */
const FORMULA_IN_CELL = /(^|[,;|\t])([\s"']*)([=+\-@])/g;

const NEEDS_QUOTES = /[",\r\n]/;

function guardFormula(value: string): string {
  if (FORMULA_START.test(value)) return `'${value}`;
  return value.replace(FORMULA_IN_CELL, "$1$2'$3");
}

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const s = guardFormula(value);
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvRow = (cells: (string | number | null | undefined)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`;
