import { z } from 'zod';
import { emailField, passwordField, withPasswordConfirmation } from './auth.ts';
import { idField, timestampField } from './common.ts';

export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';

export const changePasswordSchema = z.strictObject({
  currentPassword: z.string().min(1, 'Current password is required').max(200, CURRENT_PASSWORD_INCORRECT),
  newPassword: passwordField,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const sessionInfoSchema = z.object({
  id: idField,
  createdAt: timestampField,
  lastSeenAt: timestampField.nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const sessionListSchema = z.array(sessionInfoSchema);

export const passwordResetRequestSchema = z.strictObject({ email: emailField });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetSchema = z.strictObject({ newPassword: passwordField });
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

export const PASSWORD_RESET_ACCEPTED = 'If an account uses this email, a reset link is on its way.';
export const PASSWORD_RESET_INVALID = 'This reset link is invalid, used or expired';

export const EMAIL_CHANGE_NEEDS_PASSWORD = 'Enter your current password to change your email';
export const EMAIL_CHANGE_INVALID = 'This link is invalid, used or expired';
/** Hours a confirmation link of a new email is valid; days the old address may undo the change. */
export const EMAIL_CONFIRM_HOURS = 24;
export const EMAIL_UNDO_DAYS = 7;

/** POST /api/email-change/:token/confirm and /undo: what the account's email is now. */
export const emailChangeResultSchema = z.object({ message: z.string(), email: z.string().nullable() });
export type EmailChangeResult = z.infer<typeof emailChangeResultSchema>;

/** Who acted in an audit entry: a person (their session), or an API key made by that person. */
export const AUDIT_ACTOR_KINDS = ['user', 'api_key'] as const;

export const activityItemSchema = z.object({
  id: idField,
  at: timestampField,
  action: z.string(),
  target: z.string(),
  /** 'api_key' when the change was made with an API key (then `apiKey` names it), else 'user'. */
  actorKind: z.enum(AUDIT_ACTOR_KINDS),
  /** The key that acted, by its id and its name when it acted (the key may be revoked since). */
  apiKey: z.object({ id: idField, name: z.string() }).nullable(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;
export const activityListSchema = z.array(activityItemSchema);

export const orgActivityItemSchema = activityItemSchema.extend({
  /**
   * The user who acted; for an API key, the user who made the key. Null for a former
   * member: an account deleted, or an entry past the audit retention (privacy.auditMonths)
   * of someone no longer a member.
   */
  actor: z.object({ id: idField, username: z.string() }).nullable(),
});
export type OrgActivityItem = z.infer<typeof orgActivityItemSchema>;
export const orgActivityListSchema = z.array(orgActivityItemSchema);

export const MAX_ACTIVITY = 50;
export const MAX_ORG_ACTIVITY_PAGE = 100;

/** An action (`campaign.created`) or a group of them (`campaign`: every `campaign.*`). */
export const ACTIVITY_ACTION = /^[a-z_]{1,32}(\.[a-z_]{1,32})?$/;

const instantField = (name: string) =>
  z.iso
    .datetime({ offset: true, error: `${name} must be an ISO-8601 date-time (2026-05-01T00:00:00Z)` })
    .optional();

export const orgActivityQuerySchema = z
  .strictObject({
    /** Id cursor: items older than this one (the last id of the previous page). */
    before: z.coerce.number().int().positive('before must be a positive integer').optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1, 'limit must be at least 1')
      .max(MAX_ORG_ACTIVITY_PAGE, `limit must be at most ${MAX_ORG_ACTIVITY_PAGE}`)
      .default(MAX_ACTIVITY),
    /** Only what this member did (a user id; one the organisation's log never names is 404). */
    actorId: z.coerce.number().int().positive('actorId must be a positive integer').optional(),
    action: z
      .string()
      .regex(
        ACTIVITY_ACTION,
        'action must be an action such as campaign.created, or a group such as campaign',
      )
      .optional(),
    /** From this instant (included) ... */
    from: instantField('from'),
    /** ... to this one (excluded). */
    to: instantField('to'),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    message: 'The end of the period must be after its start',
    path: ['to'],
  });
export type OrgActivityQuery = z.infer<typeof orgActivityQuerySchema>;

/** The profile's password form. */
export const changePasswordFormSchema = withPasswordConfirmation(changePasswordSchema, 'newPassword');
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

/** The reset page's form: the new password twice; only `newPassword` is sent. */
export const passwordResetFormSchema = withPasswordConfirmation(passwordResetSchema, 'newPassword');
export type PasswordResetFormInput = z.infer<typeof passwordResetFormSchema>;

/**
 * The getting-started checklist's steps that leave no trace in the organisation's data,
 * and its dismissal, remembered per member: `GET /api/user/first-run`, `PUT /api/user/first-run/:step`.
 */
export const FIRST_RUN_STEPS = ['linkCopied', 'supporterOpened', 'dismissed'] as const;
export type FirstRunStep = (typeof FIRST_RUN_STEPS)[number];
export const firstRunStepParamsSchema = z.strictObject({
  step: z.enum(FIRST_RUN_STEPS, { error: 'Unknown checklist step' }),
});
export const firstRunSchema = z.object({ steps: z.array(z.enum(FIRST_RUN_STEPS)) });
export type FirstRun = z.infer<typeof firstRunSchema>;
