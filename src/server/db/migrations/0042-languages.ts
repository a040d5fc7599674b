import type { AnyDb } from '../dialect.ts';

// Campaigns in several languages (issue 28, docs/api.md "Languages"). A campaign has a
// default language and the languages it offers (a JSON array of locales, in the order
// its language menu lists them); every campaign that exists today is English only. The
// organisation's default language serves what belongs to no campaign; a member's
// profile language (null: none chosen) their workspace and mails.
//
// An asset's words in other languages are one JSON object on its row
// (`{"es":{"shareText":...}}`), not a table of their own: every path that writes an
// asset (insertAssets, the edit's UPDATE ... RETURNING) and every read (the staff lists,
// the supporter view) already takes the row whole, so the translations ride along with
// no second query on the supporter hot path, a duplicate copies them with the row, and
// no query ever selects by locale. `altText` is the image's own alt text (null: the
// description serves, as before).
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('campaigns')
    .addColumn('defaultLanguage', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
  await db.schema
    .alterTable('campaigns')
    .addColumn('languages', 'text', (c) => c.notNull().defaultTo('["en"]'))
    .execute();
  await db.schema
    .alterTable('organizations')
    .addColumn('defaultLanguage', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
  await db.schema.alterTable('assets').addColumn('altText', 'text').execute();
  await db.schema.alterTable('assets').addColumn('translations', 'text').execute();
}
