import { z } from 'zod';
import { idField, timestampField } from './common.ts';

// The instance's sign-up policy and its operators' sign-up links (modules/instance,
// docs/api.md "Operators"). Only operators read or change these; GET /api/auth-status
// tells everyone the policy, so the sign-up page can say it before anyone types.

export const REGISTRATION_POLICIES = ['open', 'invite-only', 'closed'] as const;
/** open: anyone may sign up; invite-only: from an organisation's or an operator's invitation; closed: operators create accounts. */
export const registrationPolicySchema = z.enum(REGISTRATION_POLICIES, {
  error: 'Registration must be open, invite-only or closed',
});
export type RegistrationPolicy = z.infer<typeof registrationPolicySchema>;

/** The most domains the allow-list holds. */
export const MAX_ALLOWED_DOMAINS = 100;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

/** An email domain of the allow-list: lower-cased, without `@`, at least one dot ("example.org"). */
export const emailDomainField = z
  .string()
  .trim()
  .toLowerCase()
  .meta({ examples: ['example.org'] })
  .transform((d) => d.replace(/^@/, ''))
  .pipe(z.string().regex(DOMAIN, 'Enter a domain such as example.org'));

/** The email domain of an address, lower-cased (what the allow-list is checked against). */
export const emailDomainOf = (email: string): string => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** True when `email` may sign up under the allow-list `domains` (empty: every domain). */
export const emailDomainAllowed = (email: string, domains: readonly string[]): boolean =>
  domains.length === 0 || domains.includes(emailDomainOf(email));

/** GET and PUT /api/instance/settings answer. */
export const instanceSettingsSchema = z.object({
  registration: registrationPolicySchema,
  /** 'env': REGISTRATION (or its default); 'console': an operator's choice overrides it. */
  registrationSource: z.enum(['env', 'console']),
  /** Empty: every domain may sign up. */
  allowedEmailDomains: z.array(z.string()),
});
export type InstanceSettings = z.infer<typeof instanceSettingsSchema>;

/** PUT /api/instance/settings: each field optional, at least one. */
export const instanceSettingsUpdateSchema = z
  .strictObject({
    registration: registrationPolicySchema.optional(),
    allowedEmailDomains: z
      .array(emailDomainField)
      .max(MAX_ALLOWED_DOMAINS, `At most ${MAX_ALLOWED_DOMAINS} domains`)
      .optional(),
  })
  .refine((v) => v.registration !== undefined || v.allowedEmailDomains !== undefined, {
    message: 'Send at least one field to change',
    path: [],
  });
export type InstanceSettingsUpdate = z.infer<typeof instanceSettingsUpdateSchema>;

/** Days an operator's sign-up link stays valid by default, and at most. */
export const SIGNUP_INVITATION_DAYS = 7;
export const MAX_SIGNUP_INVITATION_DAYS = 30;

/** POST /api/instance/invitations (a body is optional). */
export const signupInvitationCreateSchema = z.strictObject({
  expiresInDays: z.coerce
    .number()
    .int('Days must be a whole number')
    .min(1, 'At least 1 day')
    .max(MAX_SIGNUP_INVITATION_DAYS, `At most ${MAX_SIGNUP_INVITATION_DAYS} days`)
    .optional(),
});
export type SignupInvitationCreate = z.infer<typeof signupInvitationCreateSchema>;

/** POST /api/instance/invitations answer: the link is shown this once (only its hash is kept). */
export const signupInvitationCreatedSchema = z.object({
  id: idField,
  url: z.string(),
  expiresAt: timestampField,
});
export type SignupInvitationCreated = z.infer<typeof signupInvitationCreatedSchema>;

/** GET /api/instance/invitations: the links not used yet (expired ones included, marked by their date). */
export const signupInvitationSchema = z.object({
  id: idField,
  createdAt: timestampField,
  expiresAt: timestampField,
  /** The operator who made it (null once their account is gone, or from the command line). */
  createdBy: z.string().nullable(),
});
export const signupInvitationListSchema = z.object({ items: z.array(signupInvitationSchema) });
export type SignupInvitation = z.infer<typeof signupInvitationSchema>;

/** The query parameter of the sign-up page that carries an operator's link token. */
export const SIGNUP_INVITATION_PARAM = 'invite';
