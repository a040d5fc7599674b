import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { statementTemplate } from './statement-template.ts';

describe('statementTemplate', () => {
  const { db } = openDatabase({ sqlitePath: ':memory:' });

  it('compiles once and fills each named value into its parameter, keeping the constants', () => {
    let builds = 0;
    const template = statementTemplate(['id', 'name'] as const, (v: { id: number; name: string | null }) => {
      builds++;
      return db
        .selectFrom('users')
        .select('id')
        .where('id', '=', v.id)
        .where('username', '!=', 'constant-name')
        .where('firstName', '=', v.name);
    });
    const a = template({ id: 7, name: 'Ada' });
    const b = template({ id: 8, name: null });
    expect(builds).toBe(1);
    expect(a.sql).toBe(b.sql);
    expect(a.parameters).toEqual([7, 'constant-name', 'Ada']);
    expect(b.parameters).toEqual([8, 'constant-name', null]);
  });

  it('refuses a value the statement does not use as a parameter', () => {
    expect(() =>
      statementTemplate(['id', 'unused'] as const, (v: { id: number; unused: string }) =>
        db.selectFrom('users').select('id').where('id', '=', v.id),
      ),
    ).toThrow('values not used as parameters: unused');
  });
});
