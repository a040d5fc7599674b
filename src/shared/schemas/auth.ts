import { z } from 'zod';
import { localeField } from './languages.ts';
import { idField, timestampField, trimmedText } from './common.ts';
import { registrationPolicySchema } from './instance-settings.ts';
import { usernameProblem } from '../username.ts';
import { FORM_WORDS } from '../error-words.ts';
import { MAX_EMAIL, MAX_PASSWORD, MAX_USERNAME, MIN_PASSWORD, MIN_USERNAME } from '../constants.ts';

/** A username as typed to sign in: any existing name, so accounts made before a rule below still sign in. */
export const usernameField = trimmedText('Username', MAX_USERNAME, MIN_USERNAME);

/** A new username (of a user or an organisation): visible characters of one script (#shared/username.ts). */
export const newUsernameField = usernameField.superRefine((name, ctx) => {
  const problem = usernameProblem(name);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const passwordField = z
  .string()
  .min(MIN_PASSWORD, 'Password must be at least 6 characters')
  .max(MAX_PASSWORD, `Password must be at most ${MAX_PASSWORD} characters`);

/** Said by the forms and the server alike for an address that is not one. */
export const INVALID_EMAIL = 'Please enter a valid email address';

export const emailField = z.string().trim().max(MAX_EMAIL, INVALID_EMAIL).pipe(z.email(INVALID_EMAIL));

export const loginSchema = z.strictObject({ username: usernameField, password: passwordField });
export type LoginInput = z.infer<typeof loginSchema>;

/** What POST /api/register accepts. */
export const registerSchema = z.strictObject({
  username: newUsernameField,
  email: emailField,
  password: passwordField,
  /**
   * The token of an organisation's invitation or of an operator's sign-up link: what
   * lets an account be made when sign-up is invite-only (or, an operator's, closed).
   */
  invitation: z.string().trim().min(1).max(200, 'Invitation must be at most 200 characters').optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/**
 * A password form: the request `schema` plus `confirmPassword`, which must repeat its
 * `field` and is never sent.
 */
export function withPasswordConfirmation<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape, z.core.$strict>,
  field: keyof Shape & string,
) {
  return schema
    .extend({ confirmPassword: z.string() })
    .refine((form: Record<string, unknown>) => form[field] === form.confirmPassword, {
      message: FORM_WORDS.passwordsDiffer.message,
      path: ['confirmPassword'],
    });
}

/** The register form. */
export const registerFormSchema = withPasswordConfirmation(registerSchema, 'password');
export type RegisterFormInput = z.infer<typeof registerFormSchema>;

const optionalText = (max: number) =>
  z.string().trim().max(max, `Must be at most ${max} characters`).optional();

/**
 * PUT /api/user/profile: every field optional and free text, bounded only to keep rows
 * sane. A new email also needs `currentPassword`, and takes effect only once the link
 * mailed to it is followed (the answer's `pendingEmail`).
 */
export const profileSchema = z.strictObject({
  firstName: optionalText(100),
  lastName: optionalText(100),
  email: z.union([z.literal(''), emailField]).optional(),
  phone: optionalText(50),
  currentPassword: z.string().max(MAX_PASSWORD, 'Current password is incorrect').optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/**
 * PUT /api/user/profile: the profile form's fields, and `language`, the workspace's and
 * staff mails' language (docs/api.md "Languages"; null: negotiated from the browser).
 */
export const profileUpdateBodySchema = profileSchema.extend({ language: localeField.nullable().optional() });
export type ProfileUpdateInput = z.infer<typeof profileUpdateBodySchema>;

export const passwordChangeFormSchema = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: FORM_WORDS.newPasswordsDiffer.message,
    path: ['confirmPassword'],
  });

/** The user as the API shows it: never the password hash (the schema strips it). */
export const publicUserSchema = z.object({
  id: idField,
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.string(),
  phone: z.string().nullable(),
  /** Null until the user creates their organisation (onboarding). */
  organizationId: idField.nullable(),
  /** Their profile language (a locale); null: negotiated from their browser. */
  language: z.string().nullable().optional(),
  createdAt: timestampField,
  updatedAt: timestampField,
  /** An operator of the instance (its Instance area): apart from the organisation's `role`. */
  isOperator: z.boolean(),
  /** May approve others' changes (docs/api.md "Review before publishing"): an admin, or an editor let review. */
  canReview: z.boolean().optional(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** PUT /api/user/profile: the saved user; `pendingEmail` when a confirmation link went to a new address. */
export const profileUpdateSchema = publicUserSchema.extend({ pendingEmail: z.string().optional() });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** Register and login: the user plus the session's bearer token. */
export const authResponseSchema = publicUserSchema.extend({ token: z.string() });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** GET /api/auth-status: never a 401, so the page can ask before signing in. */
export const authStatusSchema = z.object({
  authenticated: z.boolean(),
  username: z.string().optional(),
  /** The server runs with DEV_TOOLS=1: the client may show its debug helpers. */
  devTools: z.boolean(),
  /** The largest file POST /api/upload accepts (UPLOAD_MAX_BYTES), so the client can say so before uploading. */
  uploadMaxBytes: z.number().int().positive(),
  /** SMTP is configured: supporters may ask for reminder emails (when their organisation collects information). */
  mail: z.boolean(),
  /** Who may sign up: the sign-up page says so before anyone types (docs/api.md "Operators"). */
  registration: registrationPolicySchema,
});
export type AuthStatus = z.infer<typeof authStatusSchema>;
