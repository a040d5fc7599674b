// Keeps the maps in docs/ true: every path the concept table of docs/architecture.md
// names exists, and every decision record is in the index with a status line.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (p: string) => fs.readFileSync(path.join(root, p), 'utf8');

/** The rows of the markdown table that follows `heading`, as arrays of cells. */
function tableAfter(markdown: string, heading: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.trim() === heading);
  if (start < 0) throw new Error(`no heading ${heading}`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('#')) break;
    if (!line.startsWith('|')) {
      if (rows.length) break;
      continue;
    }
    const cells = line
      .slice(1, line.lastIndexOf('|'))
      .split('|')
      .map((c) => c.trim());
    if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
    rows.push(cells);
  }
  return rows;
}

/** The backticked paths in a cell: anything with a slash or a file extension. */
function pathsIn(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)]
    .map((m) => m[1].trim())
    .filter((p) => /^[\w.@#/[\]-]+$/.test(p) && (p.includes('/') || /\.\w+$/.test(p)));
}

/** Where a path in a column lives: relative to that column's source root unless it names its root. */
function resolveIn(column: string, p: string): string {
  if (/^(src|tests|bench|scripts|docs)\//.test(p)) return p;
  return path.join('src', column, p);
}

describe('docs/architecture.md: where a concept lives', () => {
  const rows = tableAfter(read('docs/architecture.md'), '## Where a concept lives');
  const [header, ...concepts] = rows;

  it('is a table of concept | server | client | shared', () => {
    expect(header.map((h) => h.toLowerCase())).toEqual(['concept', 'server', 'client', 'shared']);
    expect(concepts.length).toBeGreaterThan(20);
  });

  it('names only paths that exist', () => {
    const missing: string[] = [];
    let named = 0;
    for (const [concept, ...cells] of concepts) {
      cells.forEach((cell, i) => {
        const column = ['server', 'client', 'shared'][i];
        for (const p of pathsIn(cell)) {
          named++;
          const full = resolveIn(column, p.replace(/\/$/, ''));
          if (!fs.existsSync(path.join(root, full))) missing.push(`${concept}: ${full}`);
        }
      });
    }
    expect(missing).toEqual([]);
    expect(named).toBeGreaterThan(concepts.length);
  });
});

describe('docs/decisions: the index', () => {
  const dir = 'docs/decisions';
  const records = fs.readdirSync(path.join(root, dir)).filter((f) => /^\d{4}-.*\.md$/.test(f));
  const index = read(`${dir}/README.md`);

  it('lists every record, and lists nothing that is not there', () => {
    const linked = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((m) => m[1]);
    expect([...linked].sort()).toEqual([...records].sort());
  });

  it('gives every record a status line', () => {
    const without = records.filter((f) => !/^Status: \S/m.test(read(`${dir}/${f}`)));
    expect(without).toEqual([]);
  });

  it('says why any number between the first and the last is missing', () => {
    const numbers = records.map((f) => Number(f.slice(0, 4)));
    const gaps: number[] = [];
    for (let n = Math.min(...numbers); n < Math.max(...numbers); n++) {
      if (!numbers.includes(n)) gaps.push(n);
    }
    const explained = index.slice(index.indexOf('Numbers never used'));
    for (const gap of gaps) {
      const label = String(gap).padStart(4, '0');
      const inRange = [...explained.matchAll(/(\d{4}) to (\d{4})/g)].some(
        (m) => gap >= Number(m[1]) && gap <= Number(m[2]),
      );
      expect(inRange || explained.includes(label), `ADR number ${label} missing without a note`).toBe(true);
    }
  });
});
