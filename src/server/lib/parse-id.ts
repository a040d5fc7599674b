// The id in a public URL (/supporter/:id, the share card), read without a schema:
// these are the hottest routes, and a malformed id is simply not found.

const ID_PATTERN = /^[1-9][0-9]{0,9}$/;
/** Ids are 32-bit serials: a larger one is not found (PostgreSQL would refuse it with an error). */
const MAX_ID = 2_147_483_647;
/** A positive integer id, or undefined. Parsed by hand: this is the hot path. */
export const parseId = (raw: string): number | undefined => {
  if (!ID_PATTERN.test(raw)) return undefined;
  const id = Number(raw);
  return id <= MAX_ID ? id : undefined;
};
