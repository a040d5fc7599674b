// The poster's own words (docs/api.md "Languages"), in the poster's language: its
// `?lang=`, else the campaign's default language. The poster prints Latin and Arabic
// letters (#shared/poster-text.ts): words in a script it cannot print as written would
// be printed in English rather than as '?' (none of today's six languages).
import { DEFAULT_LOCALE, type Locale } from '#shared/locales.ts';
import { printsAsWritten } from '#shared/poster-text.ts';
import { translate } from '../../lib/messages.ts';

const WORDS = {
  caption: /*i18n*/ { id: 'poster.caption', message: 'Scan the code or go to' },
  line: /*i18n*/ { id: 'poster.defaultLine', message: 'Scan to share' },
};

/** The caption in English. */
export const POSTER_URL_CAPTION = WORDS.caption.message;

export interface PosterWords {
  /** Over the printed link. */
  caption: string;
  /** The line when none is given and the campaign has no description. */
  line: string;
}

export function posterWords(locale: Locale): PosterWords {
  const say = (word: keyof typeof WORDS) => {
    const words = translate(locale, WORDS[word]);
    return printsAsWritten(words) ? words : translate(DEFAULT_LOCALE, WORDS[word]);
  };
  return { caption: say('caption'), line: say('line') };
}
