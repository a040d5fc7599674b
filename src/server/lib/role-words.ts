// A role as a mail's sentence names it ("... as editor"), in the reader's language: the
// invitation and the staff notice of a new member. The workspace's capitalised names
// (ROLE_NAMES) are labels, not words inside a sentence.
import type { Role } from '#shared/schemas/members.ts';
import { type MessageLocale, translate } from './messages.ts';

const ROLE_IN_SENTENCE: Readonly<Record<Role, { id: string; message: string }>> = {
  viewer: /*i18n*/ { id: 'mail.role.viewer', message: 'viewer' },
  editor: /*i18n*/ { id: 'mail.role.editor', message: 'editor' },
  admin: /*i18n*/ { id: 'mail.role.admin', message: 'admin' },
};

/** The role's name in a sentence; a value that is no role, as it is. */
export const roleInSentence = (locale: MessageLocale, role: string): string =>
  role in ROLE_IN_SENTENCE ? translate(locale, ROLE_IN_SENTENCE[role as Role]) : role;
