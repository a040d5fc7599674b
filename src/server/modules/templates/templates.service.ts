import type { CreateStatus } from '#shared/campaign-lifecycle.ts';
import type {
  CreateTemplateInput,
  Template,
  TemplateAsset,
  UsedTemplate,
} from '#shared/schemas/templates.ts';
import type { Locale } from '#shared/locales.ts';
import { CUSTOM_TEMPLATE_CATEGORY, CUSTOM_TEMPLATE_PREFIX } from '#shared/templates.ts';
import type { Db } from '../../db/client.ts';
import { auditedWrite, type OrgWrite } from '../../lib/audit.ts';
import type { TemplatesTable } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { assetsOfCampaign } from '../assets/index.ts';
import { createCampaignWithAssets } from '../campaigns/index.ts';
import type { CallerWrite } from '../../lib/campaign-write.ts';
import { getOwnCampaign } from '../../lib/own-campaign.ts';
import type { MessageLocale } from '../../lib/messages.ts';
import { builtInTemplates, findBuiltInTemplate } from './built-in-templates.ts';

type TemplateRow = Omit<TemplatesTable, 'id'> & { id: number };

function fromRow(row: TemplateRow): Template {
  return {
    id: `${CUSTOM_TEMPLATE_PREFIX}${row.id}`,
    name: row.name,
    description: row.description ?? '',
    category: row.category,
    builtIn: false,
    assets: JSON.parse(row.assets) as TemplateAsset[],
  };
}

/**
 * The built-in templates in the reader's language, then the organisation's own (their
 * words as written), oldest first.
 */
export async function listTemplates(opts: {
  db: Db;
  orgId: number;
  locale: MessageLocale;
}): Promise<Template[]> {
  const rows = await opts.db
    .selectFrom('templates')
    .selectAll()
    .where('organizationId', '=', opts.orgId)
    .orderBy('id')
    .execute();
  return [...builtInTemplates(opts.locale), ...rows.map(fromRow)];
}

/** A built-in template (in `locale`), or one of the organisation's own; 404 for anything else. */
async function findTemplate(db: Db, orgId: number, id: string, locale: Locale): Promise<Template> {
  const builtIn = findBuiltInTemplate(id, locale);
  if (builtIn) return builtIn;
  if (id.startsWith(CUSTOM_TEMPLATE_PREFIX)) {
    const rowId = Number(id.slice(CUSTOM_TEMPLATE_PREFIX.length));
    const row = await db
      .selectFrom('templates')
      .selectAll()
      .where('id', '=', rowId)
      .where('organizationId', '=', orgId)
      .executeTakeFirst();
    if (row) return fromRow(row);
  }
  throw notFound('NOT_FOUND', 'Template not found');
}

/**
 * Creates a campaign (active unless asked for a draft) with the template's starter
 * assets, all or nothing, audited as made from that template. A built-in template's
 * words are in `locale` (the member's), and so is the campaign's default language; an
 * organisation's own template leaves that to the organisation's default, as any new
 * campaign.
 */
export async function useTemplate(
  opts: CallerWrite & { templateId: string; name?: string; status?: CreateStatus; locale: Locale },
): Promise<UsedTemplate> {
  const template = await findTemplate(opts.db, opts.orgId, opts.templateId, opts.locale);
  return createCampaignWithAssets({
    ...opts,
    input: {
      name: opts.name ?? template.name,
      description: template.description,
      status: opts.status ?? 'active',
      ...(template.builtIn && { defaultLanguage: opts.locale }),
    },
    assets: template.assets,
    fromTemplate: template.name,
  });
}

/** Saves one of the organisation's campaigns (its assets, in display order) as a template. */
export async function createTemplate(opts: OrgWrite & { input: CreateTemplateInput }): Promise<Template> {
  const { db, orgId, input } = opts;
  const campaign = await getOwnCampaign({ db, orgId, campaignId: input.campaignId });
  const assets: TemplateAsset[] = (await assetsOfCampaign(db, campaign.id)).map((a) => ({
    title: a.title,
    description: a.description,
    type: a.type,
    content: a.content,
  }));
  return auditedWrite(opts, async (trx, audit) => {
    const row = await insertTemplate(trx, orgId, input, campaign, assets);
    await audit('template.created', `${row.name} from campaign ${campaign.name}`);
    return fromRow(row);
  });
}

function insertTemplate(
  db: Pick<Db, 'insertInto'>,
  orgId: number,
  input: CreateTemplateInput,
  campaign: { id: number; description: string | null },
  assets: TemplateAsset[],
) {
  return db
    .insertInto('templates')
    .values({
      organizationId: orgId,
      name: input.name,
      description: input.description || campaign.description || null,
      category: CUSTOM_TEMPLATE_CATEGORY,
      assets: JSON.stringify(assets),
      sourceCampaignId: campaign.id,
      createdAt: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
