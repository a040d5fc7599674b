import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// The app's date format 'MMM d, yyyy' plus the time, through Intl in the reader's language
// so the page ships no date library. The formatters are made on first use: a browser's
// first Intl.DateTimeFormat loads its locale data, tens of milliseconds a phone should not
// spend while the page starts.
let formats: { locale: string; day: Intl.DateTimeFormat; time: Intl.DateTimeFormat } | undefined;

export function formatWhen(i18n: I18n, d: Date): string {
  if (formats?.locale !== i18n.locale)
    formats = {
      locale: i18n.locale,
      day: new Intl.DateTimeFormat(i18n.locale, { month: 'short', day: 'numeric', year: 'numeric' }),
      time: new Intl.DateTimeFormat(i18n.locale, { hour: 'numeric', minute: '2-digit' }),
    };
  const day = formats.day.format(d);
  const time = formats.time.format(d);
  return i18n._(msg`${day} at ${time}`);
}
