import type { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withShareCreatedItems } from './webhook-events.ts';

// The share insert and its share.created items as one statement (PostgreSQL): whatever
// order the inserts and forms come in, each gets its own text and its own form, and the
// endpoints as the last parameter.

const insert = (sql: string, parameters: unknown[]) =>
  ({ sql, parameters, query: {} }) as unknown as CompiledQuery;

describe('withShareCreatedItems', () => {
  const shareable = insert('insert into "shares" ("a", "b") select $1, $2 returning "id"', [7, 'x']);
  const fallback = insert('insert into "shares" ("a") values ($1) returning "id"', [9]);

  it('wraps each insert in its own form, one endpoint or several, in any order', () => {
    const calls = [
      [shareable, [3]],
      [shareable, [3, 4]],
      [fallback, [4, 5]],
      [fallback, [5]],
      [shareable, [6]],
      [fallback, [6, 7]],
    ] as const;
    for (const [query, endpointIds] of calls) {
      const one = endpointIds.length === 1;
      const n = query.parameters.length + 1;
      const made = withShareCreatedItems(query, [...endpointIds]);
      expect(made.sql).toBe(
        `with s as (${query.sql}), i as (insert into "webhookShareItems" ("endpointId", "shareId") ${
          one
            ? `select $${n}::integer, s."id" from s`
            : `select e.id, s."id" from s cross join unnest($${n}::integer[]) as e(id)`
        }) select * from s`,
      );
      expect(made.parameters).toEqual([...query.parameters, one ? endpointIds[0] : [...endpointIds]]);
    }
    // The insert it was given is left as it was.
    expect(shareable.parameters).toEqual([7, 'x']);
  });

  it('answers the same text for the same insert and form (one prepared statement, not one per share)', () => {
    const a = withShareCreatedItems(shareable, [1]).sql;
    const b = withShareCreatedItems({ ...shareable, parameters: [8, 'y'] }, [2]).sql;
    expect(b).toBe(a);
    expect(withShareCreatedItems(shareable, [1, 2]).sql).not.toBe(a);
  });
});
