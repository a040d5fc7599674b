import { parse } from 'csv-parse/sync';
import { IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '#shared/schemas/imports.ts';
import { HttpError, badRequest } from '../../lib/errors.ts';

// An import file as rows keyed by column: a CSV with a header line (the template's
// columns, any order) or JSON (a list of rows, or `{rows: [...]}`). Which one is read
// from the bytes, so a file's name or type as the browser guessed it does not matter.

export type RawRow = Record<string, unknown>;

const KNOWN = new Set<string>(IMPORT_COLUMNS);

const unreadable = (message: string) => badRequest('MALFORMED_REQUEST', message);

const TOO_MANY_ROWS = `An import holds at most ${MAX_IMPORT_ROWS} rows: split the file`;
/** The rule and bound a JSON body's `rows` gets from its schema, so the client words both alike. */
const tooManyRows = () =>
  new HttpError(400, 'VALIDATION_FAILED', TOO_MANY_ROWS, {
    errors: [{ path: 'rows', message: TOO_MANY_ROWS, rule: 'too_big', params: { maximum: MAX_IMPORT_ROWS } }],
  });

/** Unknown columns are refused as a whole: a misspelt header would otherwise drop a column silently. */
function assertKnownColumns(columns: Iterable<string>): void {
  const unknown = [...columns].filter((c) => !KNOWN.has(c));
  if (unknown.length === 0) return;
  const message = `Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((c) => `"${c}"`).join(', ')}: the columns are ${IMPORT_COLUMNS.join(', ')}`;
  throw new HttpError(400, 'VALIDATION_FAILED', message, {
    errors: unknown.map((c) => ({
      path: c,
      message: `Unknown column "${c}"`,
      rule: 'unknown_field' as const,
      params: { fields: [c] },
    })),
  });
}

/** The rows of a JSON body or file, their columns checked. */
export function checkedRows(rows: RawRow[]): RawRow[] {
  if (rows.length === 0) throw unreadable('The file has no rows');
  if (rows.length > MAX_IMPORT_ROWS) throw tooManyRows();
  assertKnownColumns(new Set(rows.flatMap((r) => Object.keys(r))));
  return rows;
}

function parseJson(text: string): RawRow[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw unreadable('The file is not valid JSON');
  }
  const rows = Array.isArray(value) ? value : (value as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows) || rows.some((r) => r === null || typeof r !== 'object' || Array.isArray(r)))
    throw unreadable('A JSON import is a list of rows (objects keyed by column), or {"rows": [...]}');
  return rows as RawRow[];
}

function parseCsv(text: string): RawRow[] {
  try {
    return parse(text, {
      // Header names as people type them: case and surrounding spaces do not matter.
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      // Any line ending, mixed in one file (the template's CRLF with rows added by a tool
      // that writes LF): otherwise the first one found is the only one, and a later row's
      // other ending is read as part of its last cell.
      record_delimiter: ['\r\n', '\n', '\r'],
      // One row past the limit is enough to refuse the file.
      to: MAX_IMPORT_ROWS + 1,
    }) as RawRow[];
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw unreadable(`The CSV file cannot be read: ${reason}`);
  }
}

/** The rows of an uploaded file (UTF-8, with or without a byte order mark). */
export function rowsOfFile(bytes: Buffer): RawRow[] {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (text.trim() === '') throw unreadable('The file is empty');
  return checkedRows(/^\s*[[{]/.test(text) ? parseJson(text) : parseCsv(text));
}
