import type { Compilable, CompiledQuery } from 'kysely';

// A hot statement built and compiled by Kysely once, then reused with new values:
// building a query (an INSERT ... SELECT with joins and date rules) cost more CPU
// than the rest of the request. The builder is run with a marker string for each
// named value; the compiled parameters holding a marker are filled per call, the
// others (constants of the statement) are kept. The text is the same string on
// every call, so the database sees one statement (db/prepared.ts prepares it).

const MARK = '\u0000rally-param:';

export type TemplateValues = Record<string, string | number | null>;

export function statementTemplate<V extends TemplateValues, R>(
  names: readonly (keyof V & string)[],
  build: (values: V) => Compilable<R>,
): (values: V) => CompiledQuery<R> {
  const markers = Object.fromEntries(names.map((n) => [n, `${MARK}${n}`])) as unknown as V;
  const compiled = build(markers).compile();
  const slots = compiled.parameters.map((p) =>
    typeof p === 'string' && p.startsWith(MARK) ? (p.slice(MARK.length) as keyof V & string) : undefined,
  );
  const missing = names.filter((n) => !slots.includes(n));
  if (missing.length > 0)
    throw new Error(`statement template: values not used as parameters: ${missing.join(', ')}`);
  const constants = compiled.parameters;
  return (values) => ({
    ...compiled,
    parameters: slots.map((slot, i) => (slot === undefined ? constants[i] : values[slot])),
  });
}
