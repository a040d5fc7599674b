import { z } from 'zod';

/**
 * A member's own email notifications in their organisation (Settings > Notifications),
 * each one switch. What each sends:
 * - campaignUpdates: a campaign ended (by a member, archived, or at its end date), with its figures;
 * - newSupporters: the daily digest, yesterday's figures, on days that had some;
 * - milestones: a campaign passed a number of shares (MILESTONES), or 50, 90 or 100% of its goal;
 * - weeklyDigest: the weekly digest, last week's figures, on Mondays;
 * - newMembers: someone joined the organisation;
 * - reviews: a change waits for review (to reviewers), or a reviewer decided on yours
 *   (docs/api.md "Review before publishing").
 */
export const NOTIFICATION_SWITCHES = [
  'campaignUpdates',
  'newSupporters',
  'milestones',
  'weeklyDigest',
  'newMembers',
  'reviews',
] as const;
export type NotificationSwitch = (typeof NOTIFICATION_SWITCHES)[number];

export const notificationChoicesSchema = z.object({
  campaignUpdates: z.boolean(),
  newSupporters: z.boolean(),
  milestones: z.boolean(),
  weeklyDigest: z.boolean(),
  newMembers: z.boolean(),
  reviews: z.boolean(),
});
export type NotificationChoices = z.infer<typeof notificationChoicesSchema>;

/** PUT /api/user/notifications: any subset of the switches; the rest is kept. */
export const updateNotificationChoicesSchema = notificationChoicesSchema.strict().partial();
export type UpdateNotificationChoices = z.infer<typeof updateNotificationChoicesSchema>;

/** A member who never changed a switch (SPEC.md: on, on, on, off; a new member is news too). */
export const DEFAULT_NOTIFICATION_CHOICES: NotificationChoices = {
  campaignUpdates: true,
  newSupporters: true,
  milestones: true,
  weeklyDigest: false,
  newMembers: true,
  reviews: true,
};

/** Total shares of a campaign that are worth a mail to those with `milestones` on. */
export const MILESTONES = [10, 100, 1_000, 10_000, 100_000, 1_000_000] as const;

// What a switch is called in mail and on the unsubscribe page, in the member's
// language: the server's catalog (modules/notifications/notification-mail.ts).

/** GET /notifications/unsubscribe/:token: any string; one that is not a valid token is refused clearly. */
export const notificationUnsubscribeParamsSchema = z.strictObject({ token: z.string() });

/** POST /notifications/unsubscribe/:token as JSON (Accept: application/json). */
export const notificationUnsubscribeResultSchema = z.object({
  switch: z.enum(NOTIFICATION_SWITCHES),
  organization: z.string(),
  on: z.literal(false),
  message: z.string(),
});
