import type { FastifyInstance } from 'fastify';

/**
 * A request answered before its body was all read (refused early: 401, 413, 415, 429,
 * a multipart parser that stopped at the size limit) leaves the rest of that body on
 * the connection. Node reads and drops such a rest only when nothing had started
 * reading the body; a parser that stopped half way leaves the stream paused, and the
 * next request on a keep-alive connection would never be answered. Reading megabytes
 * nobody wants is worse than a new connection: such an answer carries
 * `Connection: close`, and the connection ends once it is sent.
 */
export function registerUnreadBodyPolicy(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.raw.complete || reply.raw.headersSent) return;
    reply.header('connection', 'close');
  });
}
