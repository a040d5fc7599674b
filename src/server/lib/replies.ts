import type { FastifyReply, FastifyRequest } from 'fastify';

/** Answers 204 with no body once `done` has settled (a rejection reaches the error handler). */
export async function noContent(reply: FastifyReply, done: Promise<unknown>) {
  await done;
  return reply.code(204).send(null);
}

/**
 * A route's `onRequest` hook for answers made for one caller (their visitor cookie, their
 * share, a health probe): no cache may store or reuse them, errors included.
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
}
