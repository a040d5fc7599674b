// The signed-in user's own account: password, sessions, activity logs, password reset.
export { accountRoutes, PASSWORD_RESETS_PER_HOUR } from './account.routes.ts';
export { issuePasswordResetLink } from './password-reset.service.ts';
