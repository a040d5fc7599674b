import type { FastifyReply } from 'fastify';

/** Answers 204 with no body once `done` has settled (a rejection reaches the error handler). */
export async function noContent(reply: FastifyReply, done: Promise<unknown>) {
  await done;
  return reply.code(204).send(null);
}
