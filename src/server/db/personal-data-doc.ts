import {
  type Category,
  type ColumnClass,
  PERSONAL_DATA,
  personalFields,
  RETENTION,
} from './personal-data.ts';

// The part of docs/privacy.md written from the registry (personal-data.ts), between
// the two markers: `npm run privacy:doc` writes it, personal-data.test.ts fails when
// the file holds anything else there.

/** The document, and the markers around the part written here. */
export const DOC_PATH = 'docs/privacy.md';
const [DOC_START, DOC_END] = [
  '<!-- personal-data registry: start (npm run privacy:doc writes this part) -->',
  '<!-- personal-data registry: end -->',
];

const CATEGORY_TITLES: Record<Category, string> = {
  supporter: 'Supporters',
  staff: 'Staff',
  operational: 'Operational',
};

const ERASURE_WORDS = {
  'delete-row': 'row deleted',
  null: 'emptied (null)',
  empty: "emptied ('')",
  anonymise: 'replaced by an anonymous id',
  keep: 'kept',
} as const;

const cell = (text: string) => text.replaceAll('|', '\\|');

/** The registry as markdown: a table per category, the retention key, the tables with no personal data. */
export function registryMarkdown(): string {
  const fields = personalFields();
  const out: string[] = [];
  for (const category of Object.keys(CATEGORY_TITLES) as Category[]) {
    out.push(`### ${CATEGORY_TITLES[category]}`, '');
    out.push(
      '| Column | Holds | Why | Kept | Seen by | On erasure |',
      '| --- | --- | --- | --- | --- | --- |',
    );
    for (const f of fields.filter((x) => x.category === category)) {
      const erasure = ERASURE_WORDS[f.erase] + (f.note ? `: ${f.note}` : '');
      out.push(
        `| \`${f.table}.${f.column}\` | ${f.holds} | ${cell(f.purpose)} | ${f.retention} | ${cell(f.seenBy)} | ${cell(erasure)} |`,
      );
    }
    out.push('');
  }
  out.push('### How long (the "Kept" column)', '', '| Kept | Means |', '| --- | --- |');
  for (const [key, words] of Object.entries(RETENTION)) out.push(`| ${key} | ${cell(words)} |`);
  out.push('');
  const plain = Object.entries(PERSONAL_DATA)
    .filter(([, columns]) => Object.values(columns as Record<string, ColumnClass>).every((c) => !c.personal))
    .map(([table]) => `\`${table}\``);
  out.push('### Tables with no personal data', '', `${plain.join(', ')}.`);
  return out.join('\n');
}

/** The document with its registry part replaced by `registryMarkdown()`. */
export function withRegistry(doc: string): string {
  const start = doc.indexOf(DOC_START);
  const end = doc.indexOf(DOC_END);
  if (start < 0 || end < start) throw new Error(`${DOC_PATH} lacks the markers ${DOC_START} ... ${DOC_END}`);
  return `${doc.slice(0, start + DOC_START.length)}\n\n${registryMarkdown()}\n\n${doc.slice(end)}`;
}
