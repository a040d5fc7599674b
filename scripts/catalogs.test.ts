// The translation check of issue 28 (docs/decisions/0030-languages.md): every message
// the code uses is in every catalog and translated in each of the five languages, no
// catalog keeps a message no code uses, and each translation has exactly the English
// message's placeholders (ICU arguments, plural and select included). `npm run
// i18n:extract` brings the catalogs up to date with the code.
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { parse, type Token } from '@messageformat/parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { pseudoCatalogs } from './pseudo-locale.ts';

const TRANSLATED = ['es', 'fr', 'de', 'pt-BR', 'ar'] as const;

/** The argument names a message uses, with how it uses them (`count:plural`, `name`). */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument') found.add(token.arg);
      else if (token.type === 'function') found.add(`${token.arg}:${token.key}`);
      else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        found.add(`${token.arg}:${token.type}`);
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  return [...found].sort();
}

type Catalogs = {
  name: string;
  extracted: Record<string, { message?: string }>;
  byLocale: Record<string, Record<string, { message?: string; translation?: string }>>;
}[];
let catalogs: Catalogs = [];

beforeAll(async () => {
  const config = getConfig({ cwd: process.cwd(), skipValidation: true });
  catalogs = await Promise.all(
    (await getCatalogs(config)).map(async (catalog) => ({
      name: catalog.path,
      extracted: (await catalog.collect()) ?? {},
      byLocale: (await catalog.readAll()) as Catalogs[number]['byLocale'],
    })),
  );
}, 120_000);

describe('message catalogs', () => {
  it('hold every message the code uses, and none it does not', () => {
    const problems: string[] = [];
    for (const { name, extracted, byLocale } of catalogs) {
      for (const [locale, messages] of Object.entries(byLocale)) {
        for (const id of Object.keys(extracted))
          if (!messages[id]) problems.push(`${name} ${locale}: missing "${extracted[id].message ?? id}"`);
        for (const id of Object.keys(messages))
          if (!extracted[id])
            problems.push(`${name} ${locale}: no code uses "${messages[id].message ?? id}"`);
      }
    }
    expect(problems, 'run `npm run i18n:extract`').toEqual([]);
  });

  it('are translated into every language, with the English placeholders', () => {
    const problems: string[] = [];
    for (const { name, byLocale } of catalogs) {
      const english = byLocale.en ?? {};
      for (const locale of TRANSLATED) {
        for (const [id, entry] of Object.entries(byLocale[locale] ?? {})) {
          const source = english[id]?.translation || english[id]?.message || entry.message || id;
          if (!entry.translation?.trim()) {
            problems.push(`${name} ${locale}: not translated: "${source}"`);
            continue;
          }
          let want: string[];
          let got: string[];
          try {
            want = placeholders(source);
            got = placeholders(entry.translation);
          } catch (error) {
            problems.push(
              `${name} ${locale}: not ICU MessageFormat: "${entry.translation}" (${String(error)})`,
            );
            continue;
          }
          if (want.join() !== got.join())
            problems.push(
              `${name} ${locale}: placeholders ${got.join(' ')} differ from English ${want.join(' ')} in "${entry.translation}"`,
            );
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('have the pseudo-locale written from the current English', async () => {
    expect(await pseudoCatalogs(false), 'run `npm run i18n:extract`').toEqual([]);
  });
});
