import { describe, expect, it } from 'vitest';
import { IMPORT_RULES, type ImportRowError, type ImportRule } from '#shared/schemas/imports.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { areaI18n } from '#client/lib/area-catalog.test-helper.ts';
import { importProblemWords, importRefusalWords } from './import-problem-words.ts';

// Every rule of the import's own checks, worded in the reader's language with its values.

const SAMPLES: Record<ImportRule, { params?: ImportRowError['params']; fr: string }> = {
  campaign_name_differs: {
    params: { row: 1, name: 'Spring' },
    fr: 'Une campagne a un seul nom : la ligne 1 la nomme « Spring »',
  },
  campaign_status_differs: {
    params: { row: 2, status: 'paused' },
    fr: 'Une campagne a un seul statut : la ligne 2 indique en pause',
  },
  new_campaign_status: {
    params: { statuses: ['draft', 'active'] },
    fr: 'Une nouvelle campagne commence en brouillon ou active',
  },
  campaign_archived: {
    params: { name: 'Spring' },
    fr: 'La campagne « Spring » est archivée : elle ne peut pas être modifiée',
  },
  status_change_not_allowed: {
    params: { from: 'paused', to: 'archived' },
    fr: 'Une campagne ne peut pas passer de en pause à archivée',
  },
  ended_reopens_from_page: {
    fr: 'Une campagne terminée se rouvre depuis sa page, avec une nouvelle date de fin',
  },
  publish_needs_words: {
    params: { title: 'Banner' },
    fr: 'Publier demande des mots pour chaque image et vidéo : « Banner » n’a ni texte de partage ni description',
  },
  live_needs_words: {
    params: { status: 'active', assetType: 'video' },
    fr: 'La campagne est active : donnez à cette vidéo un share_text ou une description',
  },
  drafts_only: {
    fr: 'Tant que la relecture avant publication est active, l’import d’un éditeur ne peut que créer ou modifier des brouillons',
  },
  external_id_repeated: {
    params: { externalId: 'post-1', row: 3 },
    fr: 'external_id « post-1 » est déjà utilisé par la ligne 3',
  },
  asset_in_other_campaign: {
    params: { externalId: 'post-1' },
    fr: 'La ressource « post-1 » est dans une autre campagne : un import ne déplace pas de ressources entre campagnes',
  },
  media_unreachable: {
    fr: 'Impossible de télécharger depuis cette URL : donnez l’adresse publique http:// ou https:// d’une image ou d’une vidéo',
  },
  too_many_media_sites: {
    params: { maximum: 50 },
    fr: 'Un import prend des médias sur 50 sites différents au plus : importez le reste dans un autre fichier',
  },
  text_needs_share_text: { fr: 'Une ressource texte a besoin de ses mots dans share_text' },
  text_has_no_media: {
    fr: 'Une ressource texte n’a pas de média : laissez media_url vide ou faites-en une image ou une vidéo',
  },
  media_needs_url: {
    params: { assetType: 'image' },
    fr: 'Une image a besoin d’un media_url : l’adresse http(s) du fichier',
  },
  media_url_scheme: { fr: 'media_url doit être une adresse http:// ou https://' },
};

const problem = (rule: ImportRule): ImportRowError => ({
  column: 'campaign_status',
  message: `English words of ${rule}`,
  rule,
  ...(SAMPLES[rule].params && { params: SAMPLES[rule].params }),
});

describe('an import row error in the reader’s language', () => {
  it('words every rule of the import’s own checks from its values in French', async () => {
    const fr = await areaI18n('campaigns', 'fr');
    expect(Object.keys(SAMPLES)).toEqual([...IMPORT_RULES]);
    for (const rule of IMPORT_RULES)
      expect(importProblemWords(fr, problem(rule)), rule).toBe(SAMPLES[rule].fr);
  });

  it('words every rule in each language, and keeps the English for an English reader', async () => {
    const en = await areaI18n('campaigns', 'en');
    for (const rule of IMPORT_RULES)
      expect(importProblemWords(en, problem(rule))).toBe(`English words of ${rule}`);
    for (const locale of ['es', 'de', 'pt-BR', 'ar']) {
      const i18n = await areaI18n('campaigns', locale);
      for (const rule of IMPORT_RULES) {
        const words = importProblemWords(i18n, problem(rule));
        expect(words, `${locale} ${rule}`).not.toMatch(/English words|undefined/);
        for (const value of Object.values(SAMPLES[rule].params ?? {}))
          if (
            typeof value === 'string' &&
            !['draft', 'active', 'paused', 'archived', 'image', 'video'].includes(value)
          )
            expect(words, `${locale} ${rule}`).toContain(value);
      }
    }
  });

  it('words a field rule as a form does', async () => {
    const fr = await areaI18n('campaigns', 'fr');
    const words = importProblemWords(fr, {
      column: 'title',
      message: 'Title must be at least 3 characters',
      rule: 'too_small',
      params: { minimum: 3 },
    });
    expect(words).not.toBe('Title must be at least 3 characters');
    expect(words).toContain('3');
  });
});

describe('a refused import file in the reader’s language', () => {
  const refused = (body: unknown) => new ApiError(400, 'refused', body);

  it('too many rows, unknown columns, and a row whose media could not be stored', async () => {
    const fr = await areaI18n('campaigns', 'fr');
    expect(
      importRefusalWords(
        fr,
        refused({
          code: 'VALIDATION_FAILED',
          message: 'An import holds at most 1000 rows: split the file',
          errors: [{ path: 'rows', message: '...', rule: 'too_big', params: { maximum: 1000 } }],
        }),
        'fallback',
      ),
    ).toBe(`Un import contient au plus ${fr.number(1000)} lignes : divisez le fichier`);
    expect(
      importRefusalWords(
        fr,
        refused({
          code: 'VALIDATION_FAILED',
          message: 'Unknown column "titel"',
          errors: [{ path: 'titel', message: '...', rule: 'unknown_field', params: { fields: ['titel'] } }],
        }),
        'fallback',
      ),
    ).toMatch(/^Colonnes inconnues "titel" : les colonnes sont external_id, /);
    expect(
      importRefusalWords(
        fr,
        refused({
          code: 'ASSET_DELETED',
          message: 'Row 2, external_id: Asset 9 was deleted meanwhile: import the file again',
          errors: [{ path: 'rows.2.external_id', message: '...' }],
        }),
        'fallback',
      ),
    ).toMatch(/^Ligne 2, external_id : /);
  });
});
