// The signed-in user's own account: password, sessions, activity logs, password reset.
export { accountRoutes } from './account.routes.ts';
