import type { FastifyBaseLogger, FastifyReply } from 'fastify';

/**
 * Runs `work` once the answer has gone out (or the client went away), on a later
 * turn of the event loop: nothing the work does can delay or shape the answer.
 * A failure is logged.
 */
export function afterResponse(
  reply: FastifyReply,
  work: () => Promise<unknown>,
  log: Pick<FastifyBaseLogger, 'error'>,
): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    setImmediate(() => {
      work().catch((err) => log.error({ err }, 'work after the response failed'));
    });
  };
  reply.raw.once('finish', start);
  reply.raw.once('close', start);
}
