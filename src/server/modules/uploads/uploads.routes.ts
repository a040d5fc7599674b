import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type UploadedFile, uploadFromUrlSchema, uploadResponseSchema } from '#shared/schemas/assets.ts';
import { errorResponses, created } from '#shared/schemas/common.ts';
import { CAMPAIGN_UNAVAILABLE } from '#shared/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { callerOrg, orgScope } from '../../lib/org-scope.ts';
import { recordAudit } from '../../lib/audit.ts';
import { allowAnyAddress, refusePrivateAddress } from '../../lib/safe-fetch.ts';
import { storedTypeOf } from './file-types.ts';
import { readFilePart } from './read-file-part.ts';
import { UPLOADS_PREFIX } from './upload-storage.ts';
import { withUploadSlot } from './upload-limits.ts';
import { isOrganizationMember, UploadSuspensions } from './upload-suspension.ts';
import { fetchForUpload, storeUpload } from './uploads.service.ts';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** A single `bytes=a-b` range within `size`, or null for the whole file; 'invalid' when unsatisfiable. */
function parseRange(header: string | undefined, size: number) {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null; // multi-range or odd syntax: send it all
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid' as const;
  return { start, end };
}

export async function uploadsRoutes(
  app: FastifyInstance,
  { db, dialect, config, uploads: storage, fetchSlots, supporterCache }: AppDeps,
) {
  // Registered here, not app-wide: the multipart plugin adds hooks to every request
  // in its scope, and only the upload route takes a multipart body.
  await app.register(multipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10 },
    throwFileSizeLimit: true,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const policy = config.allowPrivateFetch ? allowAnyAddress : refusePrivateAddress;

  /** The audit entry of a stored upload: its name, type and size (and where it was fetched from). */
  const auditUpload = (request: FastifyRequest, file: UploadedFile, fromHost?: string) => {
    const { orgId, ...actor } = callerOrg(request.user);
    const name = file.url.slice(UPLOADS_PREFIX.length);
    return recordAudit(db, {
      organizationId: orgId,
      ...actor,
      action: 'upload.created',
      target: `${name} (${file.mimetype}, ${file.size} bytes${fromHost ? `, from ${fromHost}` : ''})`,
    });
  };

  // Uploads belong to an organisation's work: a signed-in user without one (not yet
  // onboarded) gets the same 403 as every staff call, so the store is no free file host.
  const answers = { response: created(uploadResponseSchema) };

  const limits = { db, dialect, config };

  r.post('/api/upload', { preHandler: app.authenticate, schema: answers }, async (request, reply) => {
    const who = { userId: request.user.id, organizationId: orgScope(request.user.organizationId) };
    const file = await withUploadSlot(limits, who, async (claim) => {
      const bytes = await readFilePart(request, config.uploadMaxBytes);
      return storeUpload({ storage, bytes, claim });
    });
    await auditUpload(request, file);
    return reply.code(201).send({ file });
  });

  r.post(
    '/api/upload-from-url',
    { preHandler: app.authenticate, schema: { body: uploadFromUrlSchema, ...answers } },
    async (request, reply) => {
      const who = { userId: request.user.id, organizationId: orgScope(request.user.organizationId) };
      const file = await withUploadSlot(limits, who, async (claim) => {
        const bytes = await fetchSlots.run(who.userId, () =>
          fetchForUpload({
            url: request.body.imageUrl,
            maxBytes: config.uploadMaxBytes,
            policy,
            log: request.log,
          }),
        );
        return storeUpload({ storage, bytes, claim });
      });
      await auditUpload(request, file, new URL(request.body.imageUrl).host);
      return reply.code(201).send({ file });
    },
  );

  // Whether a file's organisation is suspended, from memory (upload-suspension.ts); a
  // suspension or a restore empties the supporter cache on every instance, and this with it.
  const suspensions = new UploadSuspensions(db);
  supporterCache.onClear(() => suspensions.forgetSuspensions());

  // The stored bytes, whole or one range; documented as binary, never serialised.
  const fileBytes = z.string().describe('The file, typed by its stored extension');
  // Plain (untyped) reply: the body is a stream, not a value the zod provider types.
  app.get<{ Params: { name: string } }>(
    '/uploads/:name',
    {
      schema: {
        params: z.object({ name: z.string() }),
        response: {
          200: { content: { 'image/*': { schema: fileBytes }, 'video/*': { schema: fileBytes } } },
          206: { content: { 'image/*': { schema: fileBytes }, 'video/*': { schema: fileBytes } } },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const type = storedTypeOf(name);
      if (!type) throw notFound('NOT_FOUND', 'File not found');
      // A suspended organisation's media are gone with its pages (410, never stored by a
      // cache); its members, who may still read everything, still see them.
      const suspendedOwner = await suspensions.suspendedOwner(name);
      const forTeam = suspendedOwner !== null && (await isOrganizationMember(db, request, suspendedOwner));
      if (suspendedOwner !== null && !forTeam)
        throw new HttpError(410, 'CAMPAIGN_UNAVAILABLE', CAMPAIGN_UNAVAILABLE).withHeaders({
          'cache-control': 'no-store',
        });
      const size = await storage.size(name);
      if (size === undefined) throw notFound('NOT_FOUND', 'File not found');

      // Names are random and never reused, so the bytes behind a name never change.
      reply
        .header('content-type', type.mime)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', forTeam ? 'private, no-store' : `public, max-age=${ONE_YEAR_S}, immutable`)
        .header('accept-ranges', 'bytes');

      // Ranges matter for video: Safari will not play a video without them.
      const range = parseRange(request.headers.range, size);
      if (range === 'invalid') {
        return reply.code(416).header('content-range', `bytes */${size}`).send();
      }
      if (range) {
        return reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1)
          .send(storage.read(name, range));
      }
      return reply.header('content-length', size).send(storage.read(name));
    },
  );
}
