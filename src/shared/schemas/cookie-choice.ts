import { z } from 'zod';

/**
 * PUT /api/supporter/cookie-choice: a supporter's choice about the visitor cookie
 * (docs/api.md "Privacy"). `framed`: made in the share card inside another site's
 * page, where the cookies are that site's partition's.
 */
export const cookieChoiceSchema = z.strictObject({
  visitorCookie: z.boolean({ error: 'visitorCookie must be true or false' }),
  framed: z.boolean().optional(),
});
export type CookieChoice = z.infer<typeof cookieChoiceSchema>;
