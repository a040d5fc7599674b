// The language of a mail to a member (docs/api.md "Mails and the pages their links
// open"). Such mail is written outside the member's requests (a job, a link followed
// from another browser), so no browser header can decide: their profile language, else
// their organisation's default language, else English.
import { DEFAULT_LOCALE, isLocale, type Locale } from '#shared/locales.ts';
import type { Db } from '../db/client.ts';

/** A member's mail language from their profile language and their organisation's default. */
export const mailLocale = (profile: unknown, organizationDefault?: unknown): Locale =>
  isLocale(profile) ? profile : isLocale(organizationDefault) ? organizationDefault : DEFAULT_LOCALE;

/** The mail language of the member `userId` (English for an account that is gone). */
export async function memberMailLocale(db: Db, userId: number): Promise<Locale> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('organizations as o', 'o.id', 'u.organizationId')
    .select(['u.language', 'o.defaultLanguage'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return mailLocale(row?.language, row?.defaultLanguage);
}
