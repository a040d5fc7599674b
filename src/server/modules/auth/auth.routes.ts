import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginSchema, profileSchema, registerSchema } from '#shared/schemas/auth.ts';
import type { AppDeps } from '../../deps.ts';
import { loadSessionUser, readToken } from '../../plugins/auth.ts';
import { loginUser, registerUser, toPublicUser, updateProfile } from './auth.service.ts';
import { deleteSession } from './sessions.ts';

export async function authRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/register', { schema: { body: registerSchema } }, async (request, reply) => {
    const user = await registerUser({ db, input: request.body });
    return reply.code(201).send(user);
  });

  r.post('/api/login', { schema: { body: loginSchema } }, async (request) => {
    return loginUser({ db, input: request.body, address: request.ip });
  });

  // Logout answers 200 whatever the session's state: the client clears its side regardless.
  r.post('/api/logout', async (request) => {
    await deleteSession(db, readToken(request));
    return { message: 'Logged out' };
  });

  r.get('/api/user', { preHandler: app.authenticate }, async (request) => toPublicUser(request.user));

  r.get('/api/auth-status', async (request) => {
    try {
      const user = await loadSessionUser(db, request);
      return { authenticated: true, username: user.username };
    } catch {
      return { authenticated: false };
    }
  });

  r.put(
    '/api/user/profile',
    { preHandler: app.authenticate, schema: { body: profileSchema } },
    async (request) => updateProfile({ db, userId: request.user.id, input: request.body }),
  );
}
