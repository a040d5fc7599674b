import fs from 'node:fs';
import type { Messages } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/** The shared catalog and the refusals' (src/shared/locales/errors) of `locale`, compiled as the page loads them. */
export function sharedMessages(locale: string): Messages {
  const messages: Messages = {};
  for (const file of [`src/shared/locales/${locale}.po`, `src/shared/locales/errors/${locale}.po`]) {
    const catalog = formatter({ origins: false }).parse(fs.readFileSync(file, 'utf8'), {
      locale,
      sourceLocale: 'en',
      filename: file,
    });
    for (const [id, entry] of Object.entries(catalog ?? {}))
      messages[id] = compileMessage(entry.translation || entry.message || id);
  }
  return messages;
}
