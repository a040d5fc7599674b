import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IMPORT_RULES } from './imports.ts';
import { WEBHOOK_DELIVERY_ERRORS } from './webhooks.ts';

// The codes the workspace words are the API's too: docs/api.md "Integrations" lists
// each, in the schemas' order, so an API client knows every value it may get.

/** The first cells of a table's rows whose header's first cell is `head`, in `section`. */
function tableKeys(section: string, head: string): string[] {
  const start = section.indexOf(`| \`${head}\` |`);
  expect(start, head).toBeGreaterThan(-1);
  const lines = section.slice(start).split('\n');
  const rows = lines.slice(
    2,
    lines.findIndex((l, i) => i > 0 && !l.trim().startsWith('|')),
  );
  return rows.map((l) => /^\s*\| `([a-z_]+)` \|/.exec(l)?.[1] ?? l);
}

describe('docs/api.md "Integrations"', () => {
  const doc = fs.readFileSync('docs/api.md', 'utf8');
  const section = doc.split('\n## Integrations\n')[1]?.split('\n## ')[0] ?? '';

  it('lists every delivery log errorCode', () => {
    expect(tableKeys(section, 'errorCode')).toEqual([...WEBHOOK_DELIVERY_ERRORS]);
  });

  it("lists every rule of the import's own checks", () => {
    expect(tableKeys(section, 'rule')).toEqual([...IMPORT_RULES]);
  });
});
