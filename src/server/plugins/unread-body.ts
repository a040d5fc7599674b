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
  // A callback hook, not an async one: it runs on every response, the hot reads included.
  // A request without a body is complete even when answered in the tick that parsed
  // its headers (before Node marks it so).
  app.addHook('onSend', (request, reply, payload, done) => {
    const { headers } = request.raw;
    const length = headers['content-length'];
    const hasBody = (length !== undefined && length !== '0') || headers['transfer-encoding'] !== undefined;
    if (hasBody && !request.raw.complete && !reply.raw.headersSent) reply.header('connection', 'close');
    done(null, payload);
  });
}
