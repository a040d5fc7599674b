import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { IMPORT_COLUMNS, type ImportRowError } from '#shared/schemas/imports.ts';
import { ApiError, errorMessage } from '#client/lib/api-client.ts';
import { fieldProblemWords, readsEnglish } from '#client/lib/error-words.ts';

// An import's problems in the reader's language (docs/api.md "Bulk import"): a row's
// error from its rule and values (the import's own rules here, a cell's field rule
// through lib/error-words.ts), and a refused file from its `errors`. An English reader
// keeps the server's own words, as for every refusal.

const STATUSES = new Set(['draft', 'active', 'paused', 'ended', 'archived']);

/** A campaign status as people read it (the shared catalog's `campaignStatus.*`). */
function statusName(i18n: I18n, s: unknown): string {
  if (typeof s !== 'string' || !STATUSES.has(s)) return String(s ?? '');
  const descriptor: MessageDescriptor = { id: `campaignStatus.${s}` };
  return i18n._(descriptor);
}

/** One row error's words. */
export function importProblemWords(i18n: I18n, e: ImportRowError): string {
  if (readsEnglish(i18n)) return e.message;
  const p = e.params ?? {};
  const row = String(p.row ?? '');
  const name = p.name ?? '';
  const title = p.title ?? '';
  const externalId = p.externalId ?? '';
  const video = p.assetType === 'video';
  switch (e.rule) {
    case 'campaign_name_differs':
      return i18n._(msg`One campaign has one name: row ${row} names it "${name}"`);
    case 'campaign_status_differs': {
      const status = statusName(i18n, p.status);
      return i18n._(msg`One campaign has one status: row ${row} gives ${status}`);
    }
    case 'new_campaign_status': {
      const statuses = new Intl.ListFormat(i18n.locale, { type: 'disjunction' }).format(
        (p.statuses ?? []).map((s) => statusName(i18n, s)),
      );
      return i18n._(msg`A new campaign starts as ${statuses}`);
    }
    case 'campaign_archived':
      return i18n._(msg`Campaign "${name}" is archived: it cannot be changed`);
    case 'status_change_not_allowed': {
      if (p.from === 'draft') return i18n._(msg`Publish the campaign first`);
      if (p.to === 'draft')
        return i18n._(msg`A published campaign cannot go back to draft: pause it instead`);
      const from = statusName(i18n, p.from);
      const to = statusName(i18n, p.to);
      return i18n._(msg`A campaign cannot go from ${from} to ${to}`);
    }
    case 'ended_reopens_from_page':
      return i18n._(msg`An ended campaign re-opens from its page, with a new end date`);
    case 'publish_needs_words':
      return i18n._(
        msg`Publishing needs words for every image and video: "${title}" has no share text nor description`,
      );
    case 'live_needs_words': {
      const status = statusName(i18n, p.status);
      return video
        ? i18n._(msg`The campaign is ${status}: give this video a share_text or a description`)
        : i18n._(msg`The campaign is ${status}: give this image a share_text or a description`);
    }
    case 'drafts_only':
      return i18n._(
        msg`While review before publishing is on, an editor's import can only create or change drafts`,
      );
    case 'external_id_repeated':
      return i18n._(msg`external_id "${externalId}" is already used by row ${row}`);
    case 'asset_in_other_campaign':
      return i18n._(
        msg`The asset "${externalId}" is in another campaign: an import does not move assets between campaigns`,
      );
    case 'media_unreachable':
      return i18n._(
        msg`Could not download from that URL: give the public http:// or https:// address of an image or video`,
      );
    case 'too_many_media_sites': {
      const maximum = i18n.number(Number(p.maximum ?? 0));
      return i18n._(
        msg`An import takes media from at most ${maximum} different sites: import the rest in another file`,
      );
    }
    case 'text_needs_share_text':
      return i18n._(msg`A text asset needs its words in share_text`);
    case 'text_has_no_media':
      return i18n._(msg`A text asset has no media: leave media_url empty or make it an image or video`);
    case 'media_needs_url':
      return video
        ? i18n._(msg`A video needs a media_url: the http(s) address of the file`)
        : i18n._(msg`An image needs a media_url: the http(s) address of the file`);
    case 'media_url_scheme':
      return i18n._(msg`media_url must be an http:// or https:// address`);
    default:
      return fieldProblemWords(i18n, e);
  }
}

interface RefusedField {
  path?: unknown;
  rule?: unknown;
  params?: { maximum?: unknown; fields?: unknown };
}

/**
 * A refused import in the reader's language: too many rows, unknown columns, a row
 * whose media could not be stored (`rows.<row>.<column>`, then the cause's words);
 * anything else as every refusal is worded.
 */
export function importRefusalWords(i18n: I18n, err: unknown, fallback: string): string {
  const words = errorMessage(err, fallback);
  if (readsEnglish(i18n) || !(err instanceof ApiError)) return words;
  const errors = (err.body as { errors?: RefusedField[] } | undefined)?.errors ?? [];
  const [first] = errors;
  if (!first) return words;
  if (first.path === 'rows' && first.rule === 'too_big' && typeof first.params?.maximum === 'number') {
    const maximum = i18n.number(first.params.maximum);
    return i18n._(msg`An import holds at most ${maximum} rows: split the file`);
  }
  if (first.rule === 'unknown_field') {
    const list = new Intl.ListFormat(i18n.locale, { type: 'conjunction' });
    const unknown = list.format(errors.map((e) => `"${String(e.path)}"`));
    const columns = IMPORT_COLUMNS.join(', ');
    return i18n._(msg`Unknown columns ${unknown}: the columns are ${columns}`);
  }
  const at = typeof first.path === 'string' ? /^rows\.(\d+)\.(\w+)$/.exec(first.path) : null;
  if (at) {
    const [, row, column] = at;
    return i18n._(msg`Row ${row}, ${column}: ${words}`);
  }
  return words;
}
