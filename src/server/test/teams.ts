import type { FastifyInstance } from 'fastify';
import type { Role } from '#shared/schemas/members.ts';
import { bearer, postJson, signUp } from './test-app.ts';

/** Invites a new user into the admin's organisation with `role` and accepts; returns their session. */
export async function addMember(
  app: FastifyInstance,
  admin: { token: string },
  role: Role,
): Promise<{ token: string; userId: number; username: string }> {
  const user = await signUp(app, { org: false });
  const inv = await app.inject({
    method: 'POST',
    url: '/api/organization/invitations',
    headers: bearer(admin.token),
    payload: { email: `${user.username}@example.org`, role },
  });
  if (inv.statusCode !== 201) throw new Error(`invite failed: ${inv.statusCode} ${inv.body}`);
  const token = inv.json().url.split('/invite/')[1];
  const acc = await app.inject({
    method: 'POST',
    url: `/api/invitations/${token}/accept`,
    headers: bearer(user.token),
  });
  if (acc.statusCode !== 200) throw new Error(`accept failed: ${acc.statusCode} ${acc.body}`);
  return user;
}

export const tokenOf = (url: string) => url.split('/invite/')[1];

/** POST /api/organization/api-keys as the user whose session token is given. */
export const postApiKey = (app: FastifyInstance, token: string, key: { name: string; role: Role }) =>
  postJson(app, '/api/organization/api-keys', key, token);
