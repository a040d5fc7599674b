import { z } from 'zod';
import { emailField } from './auth.ts';

/** Bytes of a base64url string (no padding), or -1 when it is not one. */
const base64UrlBytes = (v: string): number =>
  /^[A-Za-z0-9_-]*={0,2}$/.test(v) ? Math.floor((v.replace(/=+$/, '').length * 3) / 4) : -1;

/**
 * A browser's push subscription as `PushSubscription.toJSON()` gives it. The keys are
 * checked for their sizes (an uncompressed P-256 point, a 16-byte secret) so a bad
 * one is refused now rather than failing when the reminder is due. Where the endpoint
 * may point is checked by the server (https, public address).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ error: 'push.endpoint must be a URL' }).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().refine((v) => base64UrlBytes(v) === 65, 'push.keys.p256dh must be a P-256 public key'),
    auth: z.string().refine((v) => base64UrlBytes(v) === 16, 'push.keys.auth must be 16 bytes'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const REMINDER_CONSENT_REQUIRED = 'Please agree to receive the reminder email';
export const REMINDER_NEEDS_CHANNEL = 'A reminder needs an email address or a browser subscription';

/**
 * `reminder` of POST /api/shares/schedule: by email (with consent, when the organisation
 * collects supporter information and the server can send mail) and/or by Web Push.
 */
export const reminderRequestSchema = z
  .strictObject({
    email: emailField.optional(),
    consent: z.boolean().optional(),
    push: pushSubscriptionSchema.optional(),
  })
  .refine((r) => r.email !== undefined || r.push !== undefined, { message: REMINDER_NEEDS_CHANNEL, path: [] })
  .refine((r) => r.email === undefined || r.consent === true, {
    message: REMINDER_CONSENT_REQUIRED,
    path: ['consent'],
  });
export type ReminderRequest = z.infer<typeof reminderRequestSchema>;

/** GET /unsubscribe/:token: any string; one that is not a token simply matches none. */
export const unsubscribeParamsSchema = z.strictObject({ token: z.string() });

/** GET /api/push/public-key: the VAPID key a browser subscribes with (base64url). */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });

/** What the supporter's browser shows for a push reminder (the service worker reads it). */
export const pushReminderPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
});
export type PushReminderPayload = z.infer<typeof pushReminderPayloadSchema>;
