import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, created } from '#shared/schemas/common.ts';
import {
  createTemplateSchema,
  templateParamsSchema,
  templateSchema,
  usedTemplateSchema,
  useTemplateSchema,
} from '#shared/schemas/templates.ts';
import type { AppDeps } from '../../deps.ts';
import { callerOrg, orgScope } from '../../lib/org-scope.ts';
import { callerWrite } from '../../lib/campaign-write.ts';
import { pseudoRequested } from '../../lib/language.ts';
import { editorWaitsForReview } from '../settings/index.ts';
import { createTemplate, listTemplates, useTemplate } from './templates.service.ts';
import { memberLanguage } from './template-language.ts';

export async function templatesRoutes(app: FastifyInstance, { db, supporterCache }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.authenticate };

  r.get('/api/templates', { ...auth, schema: { response: ok(z.array(templateSchema)) } }, async (request) => {
    const orgId = orgScope(request.user.organizationId);
    // The pseudo-locale of the translation checks (a server started with PSEUDO_LOCALE=1) words them too.
    const locale = pseudoRequested(request) ? 'pseudo' : await memberLanguage(db, request, orgId);
    return listTemplates({ db, orgId, locale });
  });

  r.post(
    '/api/templates/:id/use',
    // The body is optional: an empty POST uses the template's own name.
    {
      ...auth,
      schema: {
        params: templateParamsSchema,
        body: useTemplateSchema.nullish(),
        response: created(usedTemplateSchema),
      },
    },
    async (request, reply) => {
      const caller = callerWrite({ db, supporterCache }, request.user);
      const asked = request.body?.status ?? 'active';
      // While review is on, an editor's template use makes nothing public: a draft,
      // whose publishing then goes through review like any draft's.
      const keptDraft = asked !== 'draft' && (await editorWaitsForReview(db, request.user));
      const result = await useTemplate({
        ...caller,
        templateId: request.params.id,
        name: request.body?.name,
        status: keptDraft ? 'draft' : asked,
        locale: await memberLanguage(db, request, caller.orgId),
      });
      return reply.code(201).send(keptDraft ? { ...result, keptDraft } : result);
    },
  );

  r.post(
    '/api/templates',
    { ...auth, schema: { body: createTemplateSchema, response: created(templateSchema) } },
    async (request, reply) => {
      const template = await createTemplate({
        db,
        ...callerOrg(request.user),
        input: request.body,
      });
      return reply.code(201).send(template);
    },
  );
}
