import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './error-code-docs.ts';
import {
  CODES_WITH_PARAMS,
  ERROR_CODE_NAMES,
  FIELD_RULES,
  isErrorCode,
  RATE_LIMIT_SCOPES,
} from './errors.ts';
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
    expect([...ERROR_CODE_NAMES].sort()).toEqual(Object.keys(ERROR_CODES).sort());
    for (const code of Object.keys(ERROR_CODES)) {
      expect(code).toMatch(/^[A-Z][A-Z_]*[A-Z]$/);
      expect(errorCodeSchema.parse(code)).toBe(code);
      expect(isErrorCode(code)).toBe(true);
    }
    for (const other of ['not_found', 'toString', '', 404, undefined])
      expect(isErrorCode(other), String(other)).toBe(false);
  });

  it('docs/api.md "Errors the client words" lists the codes that send params, the rate-limit scopes and the field rules', () => {
    const doc = fs.readFileSync('docs/api.md', 'utf8');
    const section = doc.split('\n### Errors the client words\n')[1]?.split('\n## ')[0] ?? '';
    const [codes, rules] = section.split('**Field rules.**');
    const tableCodes = [...(codes ?? '').matchAll(/^\| (`[A-Z_]+`(?:, `[A-Z_]+`)*) \|/gm)].flatMap((m) =>
      [...(m[1] ?? '').matchAll(/`([A-Z_]+)`/g)].map((c) => c[1]),
    );
    expect(tableCodes.filter((c) => c !== 'VALIDATION_FAILED').sort()).toEqual([...CODES_WITH_PARAMS].sort());
    const scopes = (codes ?? '').split('\n').find((l) => l.startsWith('| `RATE_LIMITED`')) ?? '';
    for (const scope of RATE_LIMIT_SCOPES) expect(scopes).toMatch(new RegExp(`\`${scope}\`[ ,]`));
    // The rows after the header row (whose first cell is `rule`).
    const tableRules = [...(rules ?? '').matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]).slice(1);
    expect(tableRules).toEqual([...FIELD_RULES]);
  });
});
