import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DAILY_SERIES, FIGURE_FIELDS, FIGURE_LABELS } from './figure-labels.ts';

// The staff screens and docs/api.md "Stats" say the same: each figure's row in the doc's
// table names its field and the label the screens show, and the chart's series are those.

const doc = fs.readFileSync(new URL('../../../../../docs/api.md', import.meta.url), 'utf8');
const statsSection = doc.slice(doc.indexOf('## Stats'), doc.indexOf('\n## ', doc.indexOf('## Stats') + 1));
const tableRows = statsSection.split('\n').filter((l) => l.startsWith('| `'));

describe('figure labels', () => {
  it.each(Object.entries(FIGURE_FIELDS))(
    'the doc row of %s names its field and its label',
    (figure, field) => {
      const row = tableRows.find((l) => l.split('|')[1].includes(`\`${field}\``));
      expect(row, `no row for ${field}`).toBeDefined();
      // The last cell: the staff screens' name.
      expect(row!.split('|').at(-2)).toContain(FIGURE_LABELS[figure as keyof typeof FIGURE_FIELDS]);
    },
  );

  it('the shares row names the Analytics view label; opened and prepared are not in it', () => {
    const shares = tableRows.find((l) => l.split('|')[1].includes('`totalShares`'))!;
    expect(shares.split('|').at(-2)).toContain(`${FIGURE_LABELS.shares} in the Analytics view`);
    expect(shares.split('|')[1]).not.toMatch(/opened|prepared/i);
  });

  it('the chart per day has the four figures apart, named as the doc names them', () => {
    expect(DAILY_SERIES.map((s) => s.key)).toEqual(['shares', 'clicks', 'openedIntents', 'preparedPosts']);
    const named = statsSection.replace(/\s+/g, ' ');
    expect(named).toContain(
      `name them ${FIGURE_LABELS.shares}, ${FIGURE_LABELS.clicks}, ${FIGURE_LABELS.opened} and ${FIGURE_LABELS.prepared}`,
    );
    for (const s of DAILY_SERIES.slice(2))
      expect(tableRows.some((l) => l.includes(`daily[].${s.key}`))).toBe(true);
  });

  it('the breakdown tables name their columns as the doc names them', () => {
    const analytics = doc.slice(doc.indexOf('## Analytics and export')).replace(/\s+/g, ' ');
    expect(analytics).toContain(
      `name the columns ${FIGURE_LABELS.shares}, ${FIGURE_LABELS.clicks}, ${FIGURE_LABELS.opened} and ${FIGURE_LABELS.prepared}`,
    );
    // The fields are the chart's: the same names per day and per row.
    const fields = DAILY_SERIES.map((s) => s.key).join(', ');
    expect(analytics).toContain(`platforms: [{platform, ${fields}}]`);
  });
});
