// Writes the pseudo-locale's catalogs (lingui.config.ts `pseudoLocale`): each English
// message accented and 30% longer, its ICU placeholders, plural and select syntax and tags
// kept, so a browser run in it shows any text that did not come from a catalog (plain
// English) and any layout that clips longer words (tests/e2e/pseudo-locale.spec.ts).
// Run by `npm run i18n:extract` after the extraction; scripts/catalogs.test.ts checks the
// catalogs are current.
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import pseudolocale from 'pseudolocale';

const PSEUDO = 'pseudo';
const DELIMITER = '%&&&%';
// What must stay as it is: tags, ICU plural/select heads and case openings, variables.
const KEEP = [
  /<\/?\w+((\s+\w+(\s*=\s*(?:".*?"|'.*?'|[^'">\s]+))?)+\s*|\s*)\/?>/g,
  /({\w*,\s*(plural|selectordinal|select),(.|\n)*?{)|(}\s*\w*\s*{)/gi,
  /({\s*[a-zA-Z_$][a-zA-Z_$0-9]*\s*})/g,
];

/** An English message in the pseudo-locale. */
export function pseudoMessage(message: string): string {
  let marked = message;
  for (const re of KEEP) marked = marked.replace(re, (m) => `${DELIMITER}${m}${DELIMITER}`);
  const accented = pseudolocale(marked, { delimiter: DELIMITER, prepend: '', append: '', extend: 0 });
  // 30% longer, as long words in German or French would be: padding at the end.
  const pad = '·'.repeat(Math.ceil(message.length * 0.3));
  return `${accented.replaceAll(DELIMITER, '')}${pad}`;
}

/** The pseudo-locale's message of every entry of every catalog, from the English. */
export async function pseudoCatalogs(write: boolean): Promise<string[]> {
  const config = getConfig({ cwd: process.cwd(), skipValidation: true });
  const stale: string[] = [];
  for (const catalog of await getCatalogs(config)) {
    const english = await catalog.read(config.sourceLocale ?? 'en');
    const pseudo = await catalog.read(PSEUDO);
    if (!english || !pseudo) continue;
    for (const [id, entry] of Object.entries(pseudo)) {
      const source = english[id]?.translation || english[id]?.message || entry.message || id;
      const want = pseudoMessage(source);
      if (entry.translation !== want) {
        stale.push(`${catalog.path} ${id}`);
        entry.translation = want;
      }
    }
    if (write) await catalog.write(PSEUDO, pseudo);
  }
  return stale;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const stale = await pseudoCatalogs(true);
  console.log(`pseudo-locale: ${stale.length} messages written`);
}
