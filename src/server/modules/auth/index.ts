// Sign-up, log-in and sessions: the session user of a request, tokens, passwords and
// the log-in throttle the account module shares.
export { authRoutes, REGISTRATIONS_PER_HOUR } from './auth.routes.ts';
export { toPublicUser } from './auth.service.ts';
export { countLoginAttempt, forgiveLoginAttempt, LOGIN_MAX_FAILURES_PER_USER } from './login-throttle.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { loadSessionUser, readToken, readTokenSource, type UserRow } from './session-user.ts';
export { createSession, hashToken, newToken } from './sessions.ts';
