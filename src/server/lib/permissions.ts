import type { Role } from '#shared/schemas/members.ts';

/** The role order lives with the roles, so the client disables exactly what this refuses. */
export { hasRole } from '#shared/schemas/members.ts';

/**
 * Who may call a route:
 * - 'public': anyone, no session needed;
 * - 'session': any signed-in user, with or without an organisation;
 * - 'member': any member of an organisation (every role);
 * - a role: members with at least that role (viewer < editor < admin);
 * - 'reviewer': a member who may approve changes under review: an admin, or an editor
 *   with users.canReview (docs/api.md "Review before publishing");
 * - 'operator': an operator of the instance (users.isOperator), whatever their
 *   organisation role: an instance role, so an organisation admin who is not one gets
 *   403. Always session-only: an API key belongs to an organisation, never the instance.
 */
export type Access = 'public' | 'session' | 'member' | 'reviewer' | 'operator' | Role;

/**
 * A route's rule: who may call it, and whether an API key may. `sessionOnly` routes
 * (the team, invitations, settings, the account and the API keys themselves) answer
 * 403 to an API key whatever its role: they are for people signed in, so a leaked
 * key can neither sign up members, change settings, nor mint or revoke keys.
 */
export interface RouteRule {
  access: Access;
  sessionOnly: boolean;
}

/** Marks a route as one an API key may not call (403), whatever its role. */
const sessionOnly = (access: Access): RouteRule => ({ access, sessionOnly: true });

/** The instance console's routes (modules/instance): operators only, signed in. */
const operatorOnly = sessionOnly('operator');

/**
 * The one permission table: every route the app registers, by method and route
 * pattern. A hook (plugins/permissions.ts) enforces it before the body is even
 * parsed, and a test fails when a registered route is missing here, so a new
 * route cannot forget its check. Handlers still scope data to the caller's own
 * organisation (lib/org-scope.ts).
 */
export const PERMISSIONS: Record<string, Access | RouteRule> = {
  // Accounts and sessions
  'POST /api/register': 'public',
  'POST /api/login': 'public',
  'POST /api/logout': 'public',
  'GET /api/auth-status': 'public',
  'GET /api/user': sessionOnly('session'),
  'PUT /api/user/profile': sessionOnly('session'),
  'PUT /api/user/password': sessionOnly('session'),
  'GET /api/user/sessions': sessionOnly('session'),
  'DELETE /api/user/sessions/:id': sessionOnly('session'),
  'GET /api/user/activity': sessionOnly('session'),
  // The member's own data and the account's deletion (with the password).
  'GET /api/user/data': sessionOnly('session'),
  'DELETE /api/user': sessionOnly('session'),
  // A member's own email notifications (each member has theirs).
  'GET /api/user/notifications': sessionOnly('member'),
  'PUT /api/user/notifications': sessionOnly('member'),
  // The member's own getting-started checklist (every role sees the organisation).
  'GET /api/user/first-run': sessionOnly('member'),
  'PUT /api/user/first-run/:step': sessionOnly('member'),
  'POST /api/password-reset': 'public',
  'POST /api/password-reset/:token': 'public',
  // The token, mailed to the new (confirm) or old (undo) address, is the credential.
  'POST /api/email-change/:token/confirm': 'public',
  'POST /api/email-change/:token/undo': 'public',

  // Organisation (creating one is onboarding: the caller has none yet)
  'POST /api/organizations': sessionOnly('session'),
  // Answers 404 "No organization yet" to a user who has none (the client's onboarding check).
  'GET /api/organization': 'session',
  'GET /api/organization/stats': 'member',
  'GET /api/organization/analytics': 'member',
  'GET /api/organization/export.csv': 'member',
  // Recognition (docs/api.md "Momentum"): the staff leaderboard; editors hide a supporter's name.
  'GET /api/organization/leaderboard': 'member',
  'GET /api/organization/leaderboard.csv': 'member',
  'POST /api/organization/supporter-profiles/:id/hide': 'editor',
  'POST /api/organization/supporter-profiles/:id/unhide': 'editor',
  'GET /api/organization/settings': sessionOnly('member'),
  'PUT /api/organization/settings': sessionOnly('admin'),
  'GET /api/organization/activity': sessionOnly('admin'),
  'GET /api/organization/activity.csv': sessionOnly('admin'),
  // Data requests about a supporter (docs/api.md "Privacy"): admins, signed in.
  'GET /api/organization/privacy/supporters': sessionOnly('admin'),
  'GET /api/organization/privacy/supporters/:key/export.json': sessionOnly('admin'),
  'GET /api/organization/privacy/supporters/:key/export.csv': sessionOnly('admin'),
  'POST /api/organization/privacy/supporters/:key/erase': sessionOnly('admin'),

  // Members and invitations
  'GET /api/organization/members': sessionOnly('member'),
  'PUT /api/organization/members/:userId': sessionOnly('admin'),
  // Admins remove anyone; any member may remove themselves (leave): checked in the handler.
  'DELETE /api/organization/members/:userId': sessionOnly('member'),
  'POST /api/organization/invitations': sessionOnly('admin'),
  'GET /api/organization/invitations': sessionOnly('admin'),
  'DELETE /api/organization/invitations/:id': sessionOnly('admin'),
  'GET /api/invitations/:token': 'public',
  'POST /api/invitations/:token/accept': sessionOnly('session'),

  // API keys: made, listed and revoked by admins, signed in (never with a key)
  'GET /api/organization/api-keys': sessionOnly('admin'),
  'POST /api/organization/api-keys': sessionOnly('admin'),
  'DELETE /api/organization/api-keys/:id': sessionOnly('admin'),

  // Webhook endpoints (docs/api.md "Integrations"): admins, signed in (never a key: a
  // leaked key must not be able to send the organisation's events elsewhere).
  'GET /api/webhooks': sessionOnly('admin'),
  'POST /api/webhooks': sessionOnly('admin'),
  'GET /api/webhooks/:id': sessionOnly('admin'),
  'PUT /api/webhooks/:id': sessionOnly('admin'),
  'DELETE /api/webhooks/:id': sessionOnly('admin'),
  'POST /api/webhooks/:id/rotate-secret': sessionOnly('admin'),
  'POST /api/webhooks/:id/test': sessionOnly('admin'),
  'GET /api/webhooks/:id/deliveries': sessionOnly('admin'),
  'POST /api/webhooks/:id/deliveries/:messageId/retry': sessionOnly('admin'),

  // Campaigns, assets, templates, uploads: read by every member, changed by editors
  'GET /api/campaigns': 'member',
  'POST /api/campaigns': 'editor',
  'GET /api/campaigns/:id': 'member',
  'PUT /api/campaigns/:id': 'editor',
  // Archives (campaigns are never deleted).
  'DELETE /api/campaigns/:id': 'editor',
  'POST /api/campaigns/:id/duplicate': 'editor',
  // Bulk import (a dry run writes nothing; API keys with the editor role may call it).
  'POST /api/campaigns/import': 'editor',
  'GET /api/campaigns/import/template.csv': 'member',
  'GET /api/campaigns/:id/assets': 'member',
  'PUT /api/campaigns/:id/assets/order': 'editor',
  'GET /api/campaigns/:id/stats': 'member',
  'GET /api/campaigns/:id/analytics': 'member',
  'GET /api/campaigns/:id/export.csv': 'member',
  // The campaign's QR code and poster (files for print): any member, API keys too.
  'GET /api/campaigns/:id/qr.svg': 'member',
  'GET /api/campaigns/:id/qr.png': 'member',
  'GET /api/campaigns/:id/poster.pdf': 'member',
  // Shared moments: read by every member (with their commitment counts), set by editors.
  'GET /api/campaigns/:id/moments': 'member',
  'POST /api/campaigns/:id/moments': 'editor',
  'DELETE /api/moments/:id': 'editor',
  'GET /api/assets': 'member',
  'POST /api/assets': 'editor',
  'PUT /api/assets/:id': 'editor',
  'DELETE /api/assets/:id': 'editor',
  'GET /api/assets/:id/analytics': 'member',
  'GET /api/templates': 'member',
  'POST /api/templates': 'editor',
  'POST /api/templates/:id/use': 'editor',
  'POST /api/upload': 'editor',
  'POST /api/upload-from-url': 'editor',
  'POST /api/debug/create-test-content': 'editor',
  'POST /api/debug/run-jobs': 'member',
  'GET /api/shares/scheduled': 'member',

  // Review before publishing (modules/reviews): members see what waits; reviewers decide.
  // Signed in only: a decision is a person's, never a key's.
  'GET /api/reviews': 'member',
  'GET /api/campaigns/:id/review': 'member',
  'GET /api/campaigns/:id/versions': 'member',
  'POST /api/campaigns/:id/review/approve': sessionOnly('reviewer'),
  'POST /api/campaigns/:id/review/request-changes': sessionOnly('reviewer'),
  // The author (an editor) or a reviewer: checked in the handler.
  'POST /api/campaigns/:id/review/withdraw': 'editor',

  // The instance (modules/instance): operators only, never an API key (docs/api.md "Operators")
  'GET /api/instance/settings': operatorOnly,
  'PUT /api/instance/settings': operatorOnly,
  'POST /api/instance/invitations': operatorOnly,
  'GET /api/instance/invitations': operatorOnly,
  'DELETE /api/instance/invitations/:id': operatorOnly,
  'GET /api/instance/organizations': operatorOnly,
  'GET /api/instance/health': operatorOnly,
  'POST /api/instance/organizations/:id/suspend': operatorOnly,
  'POST /api/instance/organizations/:id/restore': operatorOnly,
  'GET /api/instance/held-mail': operatorOnly,
  'POST /api/instance/held-mail/:id/release': operatorOnly,
  'POST /api/instance/held-mail/:id/drop': operatorOnly,
  'GET /api/instance/audit': operatorOnly,

  // The public supporter side
  'POST /api/shares': 'public',
  'POST /api/shares/schedule': 'public',
  // The supporter page confirms a tracked-link visit (honest click-throughs).
  'POST /api/clicks': 'public',
  // ... and every load of the page (visits per source, views per share-text variant).
  'POST /api/supporter/campaigns/:id/visits': 'public',
  'GET /api/supporter/campaigns/:id': 'public',
  'GET /api/supporter/campaigns/:id/impact': 'public',
  'GET /api/supporter/campaigns/:id/scheduled': 'public',
  'GET /api/supporter/campaigns/:id/elsewhere': 'public',
  // Shared moments: a supporter commits (the signed visitor cookie), the page polls the count.
  'POST /api/supporter/moments/:id/commit': 'public',
  'GET /api/supporter/moments/:id': 'public',
  // A campaign's goal and its figure (docs/api.md "Momentum").
  'GET /api/supporter/campaigns/:id/progress': 'public',
  // Recognition: the visitor's own display name and board choice (signed cookie, same-origin), the board.
  'GET /api/supporter/campaigns/:id/profile': 'public',
  'PUT /api/supporter/campaigns/:id/profile': 'public',
  'GET /api/supporter/campaigns/:id/board': 'public',
  // The notice's choice to share without the visitor cookie (cookies only, same-origin).
  'PUT /api/supporter/cookie-choice': 'public',
  // The share dialog's personal-message nudge (a yes or no, never anybody's words).
  'GET /api/supporter/assets/:id/message-check': 'public',
  // Reminders: the one-tap link's scheduled share, the VAPID key, the mails' unsubscribe links.
  'GET /api/supporter/campaigns/:id/scheduled/:shareId': 'public',
  'GET /api/push/public-key': 'public',
  'GET /unsubscribe/:token': 'public',
  'POST /unsubscribe/:token': 'public',
  // A reminder address's confirmation link: its page, and the page's button.
  'GET /reminders/confirm/:token': 'public',
  'POST /reminders/confirm/:token': 'public',
  // My data: the browser's own (its signed visitor cookie), and a reminder mail's data link (the token).
  'GET /api/supporter/my-data': 'public',
  'DELETE /api/supporter/my-data': 'public',
  'GET /my-data/:token': 'public',
  'GET /my-data/:token/data.json': 'public',
  'POST /my-data/:token': 'public',
  // A staff notification's unsubscribe link: the signed token is the credential.
  'GET /notifications/unsubscribe/:token': 'public',
  'POST /notifications/unsubscribe/:token': 'public',
  'GET /supporter/:id': 'public',
  'GET /supporter/campaign/:id': 'public',
  'GET /uploads/:name': 'public',
  // The share card other sites frame (their origins are its organisation's setting).
  'GET /embed/:campaignId': 'public',

  // The SPA's static files (fastify-static)
  'GET /assets/*': 'public',

  // Operations: probes answer without a session; /metrics checks its own bearer
  // token (METRICS_TOKEN), which is not a user session.
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'GET /metrics': 'public',

  // The API's description and its interactive reference (swagger-ui's page and files)
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/static/*': 'public',
};

/** Automatic HEAD routes follow their GET. */
export const permissionKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

/** The rule of a table entry, a bare access level meaning keys are allowed. */
export const routeRule = (entry: Access | RouteRule): RouteRule =>
  typeof entry === 'string' ? { access: entry, sessionOnly: false } : entry;

export function ruleFor(method: string, url: string): RouteRule | undefined {
  const entry = PERMISSIONS[permissionKey(method, url)];
  return entry === undefined ? undefined : routeRule(entry);
}
