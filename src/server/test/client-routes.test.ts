import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './server-process.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// The API covers the UI (issue 29): every address the client's code calls is a path of
// the OpenAPI document, and where the code names the method beside a literal address,
// the document has that operation. Read from the client's sources, so a new call to an
// undocumented route fails here before any browser test runs.

const CLIENT = path.join(ROOT, 'src/client');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

interface ClientCall {
  file: string;
  /** The address as written: literal text, `{}` for each expression the code fills in. */
  address: string;
  method?: string;
}

/**
 * Every string or template literal that starts with `/api/`, cut at its query string;
 * an expression inside a template becomes `{}` (nested templates included).
 */
function clientCalls(): ClientCall[] {
  const calls: ClientCall[] = [];
  for (const file of sources(CLIENT)) {
    const text = fs.readFileSync(file, 'utf8');
    const literal = /(?:apiRequest(?:<[^()]*?>)?\(\s*'([A-Z]+)',\s*)?(['`])(\/api\/[^'`]*?)(?=['`?]|\$\{)/g;
    for (const m of text.matchAll(literal)) {
      let address = m[3];
      let i = (m.index ?? 0) + m[0].length;
      // A template goes on through its expressions until its closing backtick or query.
      if (m[2] === '`') {
        while (text.startsWith('${', i)) {
          let depth = 0;
          let j = i;
          for (; j < text.length; j++) {
            if (text[j] === '{') depth++;
            else if (text[j] === '}' && --depth === 0) break;
          }
          address += '{}';
          const rest = /^[^`?$]*/.exec(text.slice(j + 1))?.[0] ?? '';
          address += rest;
          i = j + 1 + rest.length;
        }
      }
      calls.push({ file: path.relative(ROOT, file), address, method: m[1] });
    }
  }
  return calls;
}

/** The address as a pattern over concrete paths: each `{}` any text within a segment (or none). */
const patternOf = (address: string) =>
  new RegExp(
    `^${address
      .split('{}')
      .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('[^/]*')}$`,
  );

/** A documented path made concrete: `{id}` becomes one segment of text. */
const concrete = (documented: string) => documented.replace(/\{[^}]+\}/g, 'x');

/**
 * Addresses the client writes that are no call: query keys whose first part names a
 * family of calls, each query fetching its own address (checked above like any other).
 */
const KEY_PREFIXES = new Set([
  // queryKeys.invitation: ['/api/invitations', token]; the query reads /api/invitations/${token}.
  '/api/invitations',
]);

let t: TestApp;
let documented: Record<string, Record<string, unknown>>;

beforeAll(async () => {
  t = await createTestApp({ DEV_TOOLS: '1' });
  documented = (await t.app.inject({ url: '/api/openapi.json' })).json().paths;
});
afterAll(() => t.close());

describe('the routes the client calls', () => {
  it('finds the client’s calls (the reading itself works)', () => {
    const calls = clientCalls();
    expect(calls.length).toBeGreaterThan(60);
    expect(calls).toContainEqual(expect.objectContaining({ address: '/api/campaigns/{}', method: 'PUT' }));
    expect(calls).toContainEqual(
      expect.objectContaining({ address: '/api/email-change/{}/{}', method: 'POST' }),
    );
  });

  it('are all paths of the OpenAPI document', () => {
    const paths = Object.keys(documented).map(concrete);
    const missing = clientCalls()
      .filter((call) => !KEY_PREFIXES.has(call.address))
      .filter((call) => !paths.some((p) => patternOf(call.address).test(p)))
      .map((call) => `${call.file}: ${call.address}`);
    expect(missing).toEqual([]);
  });

  it('are documented with the method the client uses', () => {
    const wrong = clientCalls()
      .filter((call) => call.method)
      .filter(
        (call) =>
          !Object.entries(documented).some(
            ([p, operations]) =>
              patternOf(call.address).test(concrete(p)) && String(call.method).toLowerCase() in operations,
          ),
      )
      .map((call) => `${call.file}: ${call.method} ${call.address}`);
    expect(wrong).toEqual([]);
  });
});
