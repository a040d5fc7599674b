import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';

// Tables of refused fields: each case sends one bad field and expects a 400 that
// names it, with nothing stored.

/** A refused-field case: its label, the bad value of the field, the field's path and the message. */
export type FieldCase = [string, Record<string, unknown>, string, string];

/**
 * One test per case: `send(patch)` makes the request with the bad field, which must
 * answer 400 naming that field (the body's message is the first error's) and leave
 * `count()`, what the request would have stored, unchanged.
 */
export function itRefusesEachField(
  cases: FieldCase[],
  send: (patch: Record<string, unknown>) => Promise<LightMyRequestResponse>,
  count: () => Promise<number>,
) {
  for (const [label, patch, path, message] of cases) {
    it(`${label}: 400 naming ${path}`, async () => {
      const before = await count();
      const res = await send(patch);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      // Each field error also carries its rule (src/server/test/error-params.test.ts).
      expect(body.errors).toContainEqual(
        expect.objectContaining({ path, message, rule: expect.any(String) }),
      );
      expect(body.message).toBe(body.errors[0].message);
      expect(await count()).toBe(before);
    });
  }
}

/** The case of a text field one character past its maximum length. */
export const overLong = (field: string, name: string, max: number): FieldCase => [
  `over-long ${field}`,
  { [field]: 'x'.repeat(max + 1) },
  field,
  `${name} must be at most ${max} characters`,
];

/**
 * The cases of a text field under its minimum length: empty and one character short,
 * plus only spaces (as long as the minimum) for fields that are trimmed first.
 */
export function tooShort(field: string, name: string, min: number, opts: { trimmed: boolean }): FieldCase[] {
  const message = `${name} must be at least ${min} characters`;
  const cases: FieldCase[] = [
    [`empty ${field}`, { [field]: '' }, field, message],
    [`short ${field}`, { [field]: 'x'.repeat(min - 1) }, field, message],
  ];
  if (opts.trimmed) cases.push([`blank ${field}`, { [field]: ' '.repeat(min) }, field, message]);
  return cases;
}
