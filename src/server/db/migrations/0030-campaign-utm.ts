import type { AnyDb } from '../dialect.ts';

// UTM tags on a campaign's tracked links (docs/api.md "UTM tags"): on by default, so
// every existing campaign gets them too; utm_medium and utm_campaign are null until
// staff set their own (the defaults, `social` and a slug of the campaign's name, are the
// app's, so renaming a campaign moves its default with it). 1/0 on both databases.

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('campaigns')
    .addColumn('utmEnabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('campaigns').addColumn('utmMedium', 'text').execute();
  await db.schema.alterTable('campaigns').addColumn('utmCampaign', 'text').execute();
}
