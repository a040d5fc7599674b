import type { FastifyRequest } from 'fastify';
import type { Locale } from '#shared/locales.ts';
import type { Db } from '../../db/client.ts';
import { negotiateLanguage, requestLanguageInputs } from '../../lib/language.ts';

/**
 * The language a member reads the workspace in, which the built-in templates are served
 * and used in (docs/api.md "Languages"): their profile language, else what their request
 * asks for (the `rally_lang` cookie, `?lang=`, Accept-Language: what the workspace's
 * page is negotiated from), else the organisation's default, else English.
 */
export async function memberLanguage(db: Db, request: FastifyRequest, orgId: number): Promise<Locale> {
  const inputs = requestLanguageInputs(request);
  const org = await db
    .selectFrom('organizations')
    .select('defaultLanguage')
    .where('id', '=', orgId)
    .executeTakeFirst();
  return negotiateLanguage({
    ...inputs,
    explicit: request.user.language ?? inputs.explicit,
    organizationDefault: org?.defaultLanguage ?? null,
  }).locale;
}
