import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CUSTOM_TEMPLATE_CATEGORY, type TemplateCategory } from '#shared/templates.ts';

// A template's `category` is a stable key (the page groups and orders by it); its words
// are the reader's.
const CATEGORY_WORDS: Record<TemplateCategory | typeof CUSTOM_TEMPLATE_CATEGORY, MessageDescriptor> = {
  'Social Media': msg`Social Media`,
  Awareness: msg`Awareness`,
  Fundraising: msg`Fundraising`,
  Advocacy: msg`Advocacy`,
  [CUSTOM_TEMPLATE_CATEGORY]: msg`My Templates`,
};

/** A category's label in the reader's language (a category the client does not know: as sent). */
export function categoryLabel(i18n: I18n, category: string): string {
  const words = (CATEGORY_WORDS as Record<string, MessageDescriptor | undefined>)[category];
  return words ? i18n._(words) : category;
}
