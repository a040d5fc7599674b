import fs from 'node:fs';
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { sharedMessages } from './shared-catalog.test-helper.ts';

/** An I18n of `locale` with a workspace area's catalog (src/client/locales/<area>) and the shared ones, as the page loads them. */
export async function areaI18n(area: string, locale: string): Promise<I18n> {
  const file = `src/client/locales/${area}/${locale}.po`;
  const catalog = await formatter({ origins: false }).parse(fs.readFileSync(file, 'utf8'), {
    locale,
    sourceLocale: 'en',
    filename: file,
  });
  const messages: Messages = sharedMessages(locale);
  for (const [id, entry] of Object.entries(catalog ?? {}))
    messages[id] = compileMessage(entry.translation || entry.message || id);
  return setupI18n({ locale, messages: { [locale]: messages } });
}
