import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/errors.ts';

/**
 * API.md: bodies are JSON, except the multipart upload; any other content type is 415.
 * Fastify parses text/plain by default (it would then fail validation as a 400), so
 * that parser goes; multipart is parsed on demand by the upload route only, so a
 * multipart body sent to a route that declares a JSON body schema is refused here.
 */
export function registerContentTypePolicy(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  // Every JSON body the API takes is an object. Anything else (null, an array, a
  // number, a string, a boolean) is refused while parsing, before any hook, rate
  // limiter or handler can read `request.body` and trip over it.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body as string, (err, value) => {
      if (err) return done(err);
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        const message = 'Request body must be a JSON object';
        // The same field error a schema gives a body that is no object.
        return done(
          new HttpError(400, 'VALIDATION_FAILED', message, {
            errors: [{ path: '', message, rule: 'invalid_type' }],
          }),
        );
      }
      done(null, value);
    });
  });
  // Only routes that take a JSON body need the check; the others (every public read
  // among them) get no hook.
  const refuseMultipart = async (request: FastifyRequest) => {
    // isMultipart exists only where the upload routes registered the multipart parser;
    // elsewhere Fastify itself answers 415 for a body type it has no parser for.
    if (request.isMultipart?.()) {
      throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type: send application/json');
    }
  };
  app.addHook('onRoute', (route) => {
    if (!route.schema?.body) return;
    const own = route.preValidation;
    route.preValidation = [refuseMultipart, ...(Array.isArray(own) ? own : own ? [own] : [])];
  });
}
