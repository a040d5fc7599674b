import type { I18n } from '@lingui/core';

/**
 * A message of the `shared` catalog (src/shared: explicit id and English words) with its
 * values, in the page's language; the English words are the fallback.
 */
export const sharedWords = (
  i18n: I18n,
  words: { id: string; message: string },
  values?: Record<string, unknown>,
): string => i18n._(words.id, values, { message: words.message });
