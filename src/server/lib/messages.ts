// The server's words in the reader's language (docs/decisions/0030-languages.md): mails,
// the supporter page's first paint, link previews, the .ics and the QR poster. It reads
// the same catalogs as the client (lingui.config.ts): a message the client also shows
// (the first paint's tab names) is found by its English words, as the client's macros
// find it; a message only the server has carries an explicit id in src/server/locales.
// Catalogs are read once per language, on first use.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type I18n, type MessageDescriptor, type Messages, setupI18n } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { DEFAULT_LOCALE, type Locale } from '#shared/locales.ts';

export type MessageLocale = Locale | 'pseudo';

/** The catalogs' folders, found from this module's place (src/server/lib, or the built dist/server). */
function catalogDirs(): string[] {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5 && !fs.existsSync(path.join(dir, 'src', 'client', 'locales')); i++)
    dir = path.dirname(dir);
  const client = path.join(dir, 'src', 'client', 'locales');
  const areas = fs.existsSync(client) ? fs.readdirSync(client).map((area) => path.join(client, area)) : [];
  const shared = path.join(dir, 'src', 'shared', 'locales');
  return [...areas, shared, path.join(shared, 'errors'), path.join(dir, 'src', 'server', 'locales')];
}

const po = formatter({ origins: false });
const instances = new Map<MessageLocale, I18n>();

function load(locale: MessageLocale): I18n {
  const messages: Messages = {};
  for (const dir of catalogDirs()) {
    for (const file of [DEFAULT_LOCALE, locale]) {
      const at = path.join(dir, `${file}.po`);
      if (!fs.existsSync(at)) continue;
      const catalog = po.parse(fs.readFileSync(at, 'utf8'), {
        locale: file,
        sourceLocale: DEFAULT_LOCALE,
        filename: at,
      });
      for (const [id, entry] of Object.entries(catalog ?? {})) {
        // English is the fallback of an untranslated message; a translation replaces it.
        const words = entry.translation || (file === DEFAULT_LOCALE ? entry.message || id : '');
        if (words) messages[id] = words;
      }
    }
  }
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return i18n;
}

/** The server's I18n of a language (catalogs read on first use). */
export function i18nFor(locale: MessageLocale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = load(locale);
    instances.set(locale, i18n);
  }
  return i18n;
}

/**
 * A message in a language. `id` absent: the message is the client's too, found by its
 * English words (the id Lingui's macros give it).
 */
export function translate(
  locale: MessageLocale,
  descriptor: { id?: string; message: string },
  values?: Record<string, unknown>,
): string {
  const id = descriptor.id ?? generateMessageId(descriptor.message);
  const i18n = i18nFor(locale);
  // Each message is compiled on first use, once: a language's catalogs hold thousands.
  const messages = i18n.messages;
  const words = messages[id];
  if (typeof words === 'string') messages[id] = compileMessage(words);
  else if (words === undefined) messages[id] = compileMessage(descriptor.message);
  return i18n._({ id, message: descriptor.message, values } as MessageDescriptor);
}
