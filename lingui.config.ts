import { formatter } from '@lingui/format-po';
import type { LinguiConfig } from '@lingui/conf';

// The catalogs (docs/decisions/0030-languages.md). Each is a chunk of its own per locale,
// so a page loads only its own area's messages in its own language: the supporter page
// loads `supporter` and `shared` alone; the staff workspace every client catalog. `server` holds
// the words only the server writes (mails, the first paint's own words, the poster, the
// .ics): they carry explicit ids, and the server reads every catalog (src/server/lib/messages.ts).
// A file belongs to one catalog: `exclude` keeps the areas apart.

const client = (dir: string) => `<rootDir>/src/client/${dir}`;
/** What the supporter page's script runs: its screen, its features, and the shared UI and helpers. */
const SUPPORTER = [
  client('features/supporter'),
  client('features/shares'),
  client('features/scheduling'),
  client('features/previews'),
  client('components'),
  client('lib'),
  client('i18n'),
  client('main.tsx'),
  client('app/start.tsx'),
  client('app/providers.tsx'),
  client('app/routes/supporter-page.tsx'),
];
/**
 * What the supporter page loads only when a dialog opens (the share, schedule, reminder
 * and My data dialogs, with the previews and form parts only they use), and the goal's
 * progress once the page has painted: their words load
 * with them (i18n/catalogs.ts `withCatalog`), so the page's start carries none of them.
 * Read from the build: the files only the dialogs' lazy chunks hold.
 */
const DIALOGS = [
  client('features/previews'),
  client('features/scheduling/api'),
  client('features/scheduling/components/schedule-dialog.tsx'),
  client('features/scheduling/components/moment-panel.tsx'),
  client('features/scheduling/components/reminder-fields.tsx'),
  client('features/scheduling/lib'),
  client('features/shares/api/check-message.ts'),
  client('features/shares/components/mastodon-server-field.tsx'),
  client('features/shares/components/message-guard.tsx'),
  client('features/shares/components/message-nudge.tsx'),
  client('features/shares/components/reminder-share-dialog.tsx'),
  client('features/shares/components/share-dialog.tsx'),
  client('features/shares/components/share-words.tsx'),
  client('features/shares/components/supporter-name-field.tsx'),
  client('features/shares/hooks/use-repeated-message.ts'),
  client('features/shares/lib/mastodon-server.ts'),
  client('features/shares/lib/starting-point.ts'),
  client('features/supporter/components/my-data-dialog.tsx'),
  // The goal's progress, a part loaded after the page's first paint, brings its words too.
  client('features/supporter/components/goal-progress.tsx'),
  client('components/goal-bar.tsx'),
  client('features/supporter/components/recognition-section.tsx'),
  client('components/ui/check-line.tsx'),
  client('components/ui/dialog.tsx'),
  client('components/ui/form-field.tsx'),
  client('components/ui/tabs.tsx'),
  client('lib/server-info.ts'),
  client('lib/time-zones.ts'),
  client('lib/use-schema-form.ts'),
];
/**
 * Shared UI and helpers that only the staff workspace uses (read from the supporter
 * page's module graph): their words go to `app`, so the supporter page does not carry them.
 */
const STAFF_SHARED = [
  client('components/ui/confirm-dialog.tsx'),
  client('components/ui/confirm-with-field.tsx'),
  client('components/ui/copy-button.tsx'),
  client('components/ui/copy-field.tsx'),
  client('components/ui/data-table.tsx'),
  client('components/ui/load-error.tsx'),
  client('components/ui/query-view.tsx'),
  client('lib/creation-error.ts'),
  client('lib/review-toast.ts'),
  client('lib/use-copied.ts'),
];
const CAMPAIGNS = [
  client('features/campaigns'),
  client('features/assets'),
  client('features/templates'),
  client('features/calendar'),
  client('features/reviews'),
];
const ORGANIZATION = [client('features/organization'), client('features/instance'), client('features/auth')];
const STATS = [client('features/stats')];

const catalog = (name: string, include: string[], exclude: string[] = []) => ({
  path: `<rootDir>/src/client/locales/${name}/{locale}`,
  include,
  exclude: ['**/*.test.ts', '**/*.test.tsx', ...exclude],
});

const config: LinguiConfig = {
  locales: ['en', 'es', 'fr', 'de', 'pt-BR', 'ar', 'pseudo'],
  sourceLocale: 'en',
  pseudoLocale: 'pseudo',
  fallbackLocales: { default: 'en' },
  // No source references: a catalog changes only when its words do, so parallel work merges.
  format: formatter({ origins: false }),
  orderBy: 'messageId',
  catalogs: [
    catalog('supporter', SUPPORTER, [...DIALOGS, ...STAFF_SHARED]),
    catalog('dialogs', DIALOGS),
    catalog('campaigns', CAMPAIGNS),
    catalog('organization', ORGANIZATION),
    catalog('stats', STATS),
    // The rest of the staff workspace: its routes, layout and router.
    catalog(
      'app',
      [client('app'), ...STAFF_SHARED],
      [client('app/start.tsx'), client('app/providers.tsx'), client('app/routes/supporter-page.tsx')],
    ),
    // Words both sides show (src/shared: error messages, the privacy notice, figure
    // names): explicit ids; the client loads this catalog on every page, the server reads it.
    {
      path: '<rootDir>/src/shared/locales/{locale}',
      include: ['<rootDir>/src/shared'],
      exclude: ['**/*.test.ts', '<rootDir>/src/shared/error-words.ts'],
    },
    // Every refusal's words: the supporter page loads them with its first refusal
    // (lib/api-client.ts), the staff workspace at start.
    {
      path: '<rootDir>/src/shared/locales/errors/{locale}',
      include: ['<rootDir>/src/shared/error-words.ts'],
    },
    {
      path: '<rootDir>/src/server/locales/{locale}',
      include: ['<rootDir>/src/server'],
      exclude: ['**/*.test.ts'],
    },
  ],
};

export default config;
