import { describe, expect, it } from 'vitest';
import { FIGURE_LABELS, FIGURE_MESSAGES } from '#shared/figure-labels.ts';
import { translate } from './messages.ts';

// The figures' names are shared-catalog descriptors: the server reads them in a reader's
// language from the same catalogs as the client, and its English is FIGURE_LABELS' (the
// staff digest mail's words until it is written in the member's language).
describe('figure names on the server', () => {
  it('are the English labels in English', () => {
    for (const [figure, message] of Object.entries(FIGURE_MESSAGES))
      expect(translate('en', message)).toBe(FIGURE_LABELS[figure as keyof typeof FIGURE_LABELS]);
  });

  it('come from the shared catalog in another language', () => {
    expect(translate('es', FIGURE_MESSAGES.opened)).toBe('Ventanas para compartir abiertas');
    expect(translate('de', FIGURE_MESSAGES.prepared)).toBe('Vorbereitete Beiträge');
    expect(translate('ar', FIGURE_MESSAGES.shares)).toBe('المشاركات');
  });
});
