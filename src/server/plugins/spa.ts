import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppShell } from '../html/app-shell.ts';
import { pageLanguage } from '../lib/language.ts';

/**
 * Serves the built SPA: hashed assets with a long cache, and the shell HTML for
 * every other non-API GET (client-side routing). Unknown /api paths stay JSON 404s.
 */
export async function registerSpa(app: FastifyInstance, opts: { clientDist: string; shell: AppShell }) {
  await app.register(fastifyStatic, {
    root: path.join(opts.clientDist, 'assets'),
    prefix: '/assets/',
    wildcard: true,
    index: false,
    immutable: true,
    maxAge: '365d',
    decorateReply: false,
    // The build writes .br/.gz beside each file: sent per Accept-Encoding, with Vary.
    preCompressed: true,
  });

  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0];
    if (
      urlPath.startsWith('/api/') ||
      urlPath === '/api' ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.code(404).send({ code: 'NOT_FOUND', message: `Not found: ${request.method} ${urlPath}` });
    }
    if (urlPath.startsWith('/assets/') || urlPath.startsWith('/uploads/')) {
      return reply.code(404).send({ code: 'NOT_FOUND', message: 'Not found' });
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Language, Cookie')
      .send(opts.shell.staffPage(pageLanguage(request)));
  });
}
