import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authResponseSchema,
  authStatusSchema,
  loginSchema,
  publicUserSchema,
  registerSchema,
} from '#shared/schemas/auth.ts';
import { ok, messageSchema, created } from '#shared/schemas/common.ts';
import type { AppDeps } from '../../deps.ts';
import { registerNetworkRateLimit } from '../../lib/network-rate-limit.ts';
import { clientNetwork } from '../../lib/client-address.ts';
import { assertSameOrigin, clearSessionCookie, setSessionCookie } from '../../plugins/csrf.ts';
import { loginUser, logoutUser, registerUser, toPublicUser } from './auth.service.ts';
import { spendPasswordBudget } from './password-budget.ts';
import { admitRegistration } from './registration-gate.ts';
import { effectiveRegistration } from '../../lib/instance-settings.ts';
import { loadSessionUser, readTokenSource } from './session-user.ts';

export const REGISTRATIONS_PER_HOUR = 20;

export async function authRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Account creation per client address: a guard against scripted sign-ups (and the
  // argon2 work each one costs), generous enough for an office behind one address.
  // Per instance, like the share-write limit (docs/api.md).
  await registerNetworkRateLimit(
    app,
    config,
    (after) => `Too many sign-ups from this address. Please try again in ${after}.`,
  );
  const registerLimit = { rateLimit: { max: REGISTRATIONS_PER_HOUR, timeWindow: '1 hour' } };

  r.post(
    '/api/register',
    { config: registerLimit, schema: { body: registerSchema, response: created(authResponseSchema) } },
    async (request, reply) => {
      // The sign-up policy first: a refused sign-up costs no password work.
      const admission = await admitRegistration(db, config, request.body);
      await spendPasswordBudget({ db, config, request });
      const user = await registerUser({ db, input: request.body, admission });
      setSessionCookie(request, reply, user.token);
      return reply.code(201).send(user);
    },
  );

  r.post(
    '/api/login',
    { schema: { body: loginSchema, response: ok(authResponseSchema) } },
    async (request, reply) => {
      await spendPasswordBudget({ db, config, request });
      const user = await loginUser({ db, input: request.body, address: clientNetwork(request) });
      setSessionCookie(request, reply, user.token);
      return user;
    },
  );

  // Logout answers 200 whatever the session's state: the client clears its side regardless.
  // Like every write, one that brings the session in the cookie alone must come from our
  // own pages: another site must not be able to sign the user out.
  r.post('/api/logout', { schema: { response: ok(messageSchema) } }, async (request, reply) => {
    const { token, fromCookie } = readTokenSource(request);
    if (fromCookie) assertSameOrigin(request, config);
    await logoutUser(db, token);
    clearSessionCookie(reply);
    return { message: 'Logged out' };
  });

  r.get(
    '/api/user',
    { preHandler: app.authenticate, schema: { response: ok(publicUserSchema) } },
    async (request) => toPublicUser(request.user),
  );

  r.get('/api/auth-status', { schema: { response: ok(authStatusSchema) } }, async (request) => {
    const server = {
      registration: (await effectiveRegistration(db, config)).registration,
      devTools: config.devTools,
      uploadMaxBytes: config.uploadMaxBytes,
      mail: Boolean(config.smtpUrl && config.mailFrom),
    };
    try {
      const user = await loadSessionUser(db, request);
      return { authenticated: true, username: user.username, ...server };
    } catch {
      return { authenticated: false, ...server };
    }
  });
}
