import { describe, expect, it } from 'vitest';
import { csvCell } from './csv.ts';

// CSV injection (issue 23 item 16): a spreadsheet opened in a locale whose
// separator is `;` (or imported as tab- or pipe-separated) starts a new cell after
// every unquoted separator, not only after leading ones.

/** The cells a `;` / tab / `|` splitting spreadsheet makes of one written cell (quotes honoured). */
function cellsIn(written: string, separator: string): string[] {
  if (written.startsWith('"')) return [written];
  return written.split(separator);
}

const FORMULA = /^[=+\-@]/;

describe('csvCell against separators inside the value', () => {
  it.each([
    ['semicolon', 'x;=1+1', ';'],
    ['tab', 'x\t=1+1', '\t'],
    ['pipe', 'x|=HYPERLINK("http://evil.example")', '|'],
  ])('after a %s in the middle, no cell starts with a formula', (_name, value, separator) => {
    const cells = cellsIn(csvCell(value), separator);
    expect(cells.filter((c) => FORMULA.test(c))).toEqual([]);
  });
});
