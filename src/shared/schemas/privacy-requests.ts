import { z } from 'zod';

// Admins' data requests about a supporter (docs/api.md "Privacy"): find them by a
// reminder address, the name they gave, or a share link; export what is held; erase it
// with a reason. A supporter is named by an opaque, short-lived key, never by an id.

/** Results one search lists at most. */
export const MAX_SUPPORTER_MATCHES = 50;
export const REASON_MAX = 500;

export const SEARCH_ONE_WAY = 'Search by one of email, name or ref';

const term = (name: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${name} must not be empty`)
    .max(max, `${name} must be at most ${max} characters`)
    .optional();

/** `GET /api/organization/privacy/supporters?email=|name=|ref=`: exactly one of the three. */
export const supporterSearchQuerySchema = z
  .strictObject({
    /** A reminder address (only its keyed hash is compared: the address is not stored). */
    email: term('email', 320),
    /** The name a supporter gave on a share (case and surrounding spaces ignored). */
    name: term('name', 200),
    /** A share link (`…/supporter/12?ref=abc`) or its `ref` alone. */
    ref: term('ref', 2000),
  })
  .refine((q) => [q.email, q.name, q.ref].filter((v) => v !== undefined).length === 1, {
    message: SEARCH_ONE_WAY,
  });
export type SupporterSearchQuery = z.infer<typeof supporterSearchQuerySchema>;

export const supporterMatchSchema = z.object({
  /** Opaque and short-lived: what the export and erase calls take. */
  key: z.string(),
  /** Shares the supporter made in this organisation (and pending ones their address is reminded of). */
  shares: z.number().int(),
  campaigns: z.number().int(),
  firstShareAt: z.string().nullable(),
  lastShareAt: z.string().nullable(),
  /** Holds a reminder address (confirmed, pending, unsubscribed or in a reminder). */
  reminderAddress: z.boolean(),
});
export type SupporterMatch = z.infer<typeof supporterMatchSchema>;
export const supporterMatchListSchema = z.array(supporterMatchSchema);

export const supporterKeyParamsSchema = z.strictObject({
  key: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Not a supporter key'),
});

export const eraseRequestSchema = z.strictObject({
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(3, 'Give the reason for the erasure (at least 3 characters)')
    .max(REASON_MAX, `The reason must be at most ${REASON_MAX} characters`),
});
export type EraseRequest = z.infer<typeof eraseRequestSchema>;

/** `?reason=` of an export: optional, recorded in the audit log. */
export const exportQuerySchema = z.strictObject({
  reason: z.string().trim().max(REASON_MAX, `The reason must be at most ${REASON_MAX} characters`).optional(),
});

export const eraseResultSchema = z.object({ rows: z.number().int() });
