// Sign-up, log-in and sessions: the session user of a request, tokens, passwords (their
// hashing queue and the network's budget of hashes) and the log-in throttle the account
// module shares.
export { authRoutes, REGISTRATIONS_PER_HOUR } from './auth.routes.ts';
export { createUserAccount, toPublicUser } from './auth.service.ts';
export {
  countLoginAttempt,
  forgiveLoginAttempt,
  LOGIN_MAX_FAILURES_PER_USER,
  LOGIN_WINDOW_MS,
  recordLoginFailure,
} from './login-throttle.ts';
export { spendPasswordBudget } from './password-budget.ts';
export {
  configurePasswordWork,
  DEFAULT_HASH_CONCURRENCY,
  DEFAULT_HASH_QUEUE_PER_SLOT,
  hashPassword,
  passwordWork,
  verifyPassword,
} from './passwords.ts';
export { loadSessionUser, readToken, readTokenSource, type UserRow } from './session-user.ts';
export { createSession, hashToken, newToken } from './sessions.ts';
