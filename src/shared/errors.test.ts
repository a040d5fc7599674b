import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode } from './errors.ts';
import { errorCodeSchema } from './schemas/common.ts';

/** docs/api.md's "Error codes" list: `- \`CODE\`: when it comes`, one a line. */
function documentedCodes(): Record<string, string> {
  const doc = fs.readFileSync('docs/api.md', 'utf8');
  const section = doc.split('\n## Error codes\n')[1]?.split('\n## ')[0] ?? '';
  return Object.fromEntries(
    [...section.matchAll(/^- `([A-Z_]+)`: (.+)$/gm)].map((m) => [m[1], m[2]] as [string, string]),
  );
}

describe('error codes', () => {
  it('docs/api.md lists every code with its explanation, and no other', () => {
    expect(documentedCodes()).toEqual(ERROR_CODES);
  });

  it('are stable identifiers the schema accepts, and nothing else', () => {
    for (const code of Object.keys(ERROR_CODES)) {
      expect(code).toMatch(/^[A-Z][A-Z_]*[A-Z]$/);
      expect(errorCodeSchema.parse(code)).toBe(code);
      expect(isErrorCode(code)).toBe(true);
    }
    for (const other of ['not_found', 'toString', '', 404, undefined])
      expect(isErrorCode(other), String(other)).toBe(false);
  });
});
