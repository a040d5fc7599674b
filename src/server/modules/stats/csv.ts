// RFC 4180 cells, with the spreadsheet formula-injection guard (OWASP, CSV Injection):
// a cell starting with = + - @ tab or carriage return gets a leading ' so no
// spreadsheet runs it. A spreadsheet that splits fields on another separator (`;` in
// many locales, `|`, a tab) or strips quotes and spaces would start a new cell after
// them, so a formula character that follows only such characters at the start
// (`;=1+1`, ` =1+1`, `"@x`) gets its ' right before it, where that cell would begin.

const FORMULA_START = /^[=+\-@\t\r]/;
/** Leading separators, quotes and blanks, then a formula character. */
const FORMULA_AFTER_LEAD = /^([,;|"'\s]+)([=+\-@])/;

const NEEDS_QUOTES = /[",\r\n]/;

function guardFormula(value: string): string {
  if (FORMULA_START.test(value)) return `'${value}`;
  return value.replace(FORMULA_AFTER_LEAD, "$1'$2");
}

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const s = guardFormula(value);
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvRow = (cells: (string | number | null | undefined)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`;
