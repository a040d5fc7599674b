import { z } from 'zod';
import { SHARE_REFUSED } from '#shared/campaign-lifecycle.ts';
import {
  type ErrorCode,
  LAST_ASSET_OF_LIVE_CAMPAIGN,
  PUBLISH_NEEDS_ASSET,
  PUBLISH_NEEDS_SHARE_WORDS,
  REVIEW_NOT_PENDING_MESSAGE,
  USERNAME_TAKEN,
} from '#shared/errors.ts';
import { LAST_OPERATOR_DELETION_MESSAGE, lastAdminDeletionMessage } from '#shared/schemas/account-data.ts';
import { LAST_ADMIN_MESSAGE } from '#shared/schemas/members.ts';
import { importBodySchema } from '#shared/schemas/imports.ts';
import { ALREADY_IN_ORG } from '../modules/members/index.ts';
import { NO_PUBLIC_ORIGIN } from '../modules/qr/index.ts';
import { SHARE_CODE_TAKEN_MESSAGE } from '../modules/shares/index.ts';
import { WEBHOOK_LIMIT_MESSAGE } from '../modules/webhooks/index.ts';
import type { JsonSchema } from './openapi-examples.ts';

// What the routes' zod schemas cannot say in the OpenAPI document: the bodies of the
// routes that read a file (they declare no body schema, which would refuse multipart),
// and the 409s the services answer. Both only feed the document: validation is the routes'.

const fileField = (description: string) => ({ type: 'string', format: 'binary', description });

/** An import row as the template's columns name it. */
export const IMPORT_ROW_EXAMPLE = {
  campaign_external_id: 'rivers-2026',
  campaign_name: 'Clean rivers',
  asset_type: 'text',
  title: 'Photo of the river',
  share_text: 'Rivers need us: share if you agree',
};

/** Request bodies by `METHOD url`, per media type, each with its example. */
export const FILE_BODIES: Record<string, Record<string, { schema: JsonSchema; example: unknown }>> = {
  'POST /api/campaigns/import': {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file'],
        properties: { file: fileField('A CSV (template columns) or JSON file of rows, at most 1 MiB') },
      },
      example: { file: 'rally-import.csv' },
    },
    'application/json': {
      schema: z.toJSONSchema(importBodySchema, { io: 'input' }) as JsonSchema,
      example: { rows: [IMPORT_ROW_EXAMPLE] },
    },
  },
  'POST /api/upload': {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file'],
        properties: { file: fileField('An image or video (one file)') },
      },
      example: { file: 'river.jpg' },
    },
  },
};

/** One wording of a 409, and the routes that answer it. */
export interface Conflict {
  /** `METHOD url`, as the route is registered. */
  routes: string[];
  summary: string;
  message: string;
  /** The values the client words the refusal with, where the code sends some. */
  params?: Record<string, unknown>;
}

// A shared moment's commitment is a scheduled share (modules/moments): the same refusals.
const SHARES = ['POST /api/shares', 'POST /api/shares/schedule', 'POST /api/supporter/moments/:id/commit'];
const MEMBER_CHANGES = ['PUT /api/organization/members/:userId', 'DELETE /api/organization/members/:userId'];
const QR_FILES = [
  'GET /api/campaigns/:id/qr.svg',
  'GET /api/campaigns/:id/qr.png',
  'GET /api/campaigns/:id/poster.pdf',
];
const HELD_MAIL_ACTIONS = [
  'POST /api/instance/held-mail/:id/release',
  'POST /api/instance/held-mail/:id/drop',
];

/**
 * Every 409 the services answer (their `conflict(...)` calls), by code, with the
 * routes that can answer it, worded as the service words it. The document test
 * holds the codes here equal to the codes of the `conflict(...)` calls in the
 * server's sources, so a new 409 cannot go undocumented.
 */
export const CONFLICTS: Partial<Record<ErrorCode, Conflict[]>> = {
  USERNAME_TAKEN: [
    { routes: ['POST /api/register'], summary: '409: the username is taken', message: USERNAME_TAKEN },
  ],
  ALREADY_IN_ORGANIZATION: [
    {
      routes: ['POST /api/organizations', 'POST /api/invitations/:token/accept'],
      summary: '409: the caller already belongs to an organisation',
      message: ALREADY_IN_ORG,
    },
  ],
  ORGANIZATION_USERNAME_TAKEN: [
    {
      routes: ['POST /api/organizations'],
      summary: "409: the organisation's username is taken",
      message: 'Organization username already exists',
    },
  ],
  LAST_ADMIN: [
    {
      routes: MEMBER_CHANGES,
      summary: '409: the change would leave the organisation without an admin',
      message: LAST_ADMIN_MESSAGE,
      params: { organization: 'Clean rivers' },
    },
    {
      routes: ['DELETE /api/user'],
      summary: '409: the last admin of an organisation deletes their account',
      message: lastAdminDeletionMessage('Clean rivers'),
      params: { organization: 'Clean rivers' },
    },
  ],
  LAST_OPERATOR: [
    {
      routes: ['DELETE /api/user'],
      summary: "409: the instance's last operator deletes their account",
      message: LAST_OPERATOR_DELETION_MESSAGE,
    },
  ],
  MAIL_NOT_HELD: [
    {
      routes: HELD_MAIL_ACTIONS,
      summary: '409: the mail is not held any more, or (release) its organisation is suspended',
      message: 'This mail is not held any more: it is sent',
      params: { status: 'sent' },
    },
  ],
  WEBHOOK_ENDPOINT_LIMIT: [
    {
      routes: ['POST /api/webhooks'],
      summary: '409: the organisation has the most endpoints it may',
      message: WEBHOOK_LIMIT_MESSAGE,
    },
  ],
  PUBLISH_NEEDS_ASSET: [
    {
      routes: ['PUT /api/campaigns/:id', 'POST /api/campaigns', 'POST /api/templates/:id/use'],
      summary: '409: publishing, creating live, re-opening or resuming a campaign with no asset',
      message: PUBLISH_NEEDS_ASSET,
    },
  ],
  REVIEW_NOT_PENDING: [
    {
      routes: ['POST /api/campaigns/:id/review/approve', 'POST /api/campaigns/:id/review/request-changes'],
      summary: '409: the change does not wait for a decision (changes were asked for)',
      message: REVIEW_NOT_PENDING_MESSAGE,
    },
  ],
  PUBLISH_NEEDS_SHARE_WORDS: [
    {
      // The import's dry run names these; its real run answers 409 when words went meanwhile.
      routes: ['PUT /api/campaigns/:id', 'POST /api/templates/:id/use', 'POST /api/campaigns/import'],
      summary: '409: publishing with an image or video that has no share text nor description',
      message: `${PUBLISH_NEEDS_SHARE_WORDS} ("Photo of the river")`,
      params: { assets: ['Photo of the river'] },
    },
  ],
  LAST_ASSET_OF_LIVE_CAMPAIGN: [
    {
      routes: ['DELETE /api/assets/:id'],
      summary: '409: the only asset of a live campaign',
      message: LAST_ASSET_OF_LIVE_CAMPAIGN,
    },
  ],
  PUBLIC_URL_MISSING: [
    {
      routes: QR_FILES,
      summary: "409: the server does not know its public address for the code's link",
      message: NO_PUBLIC_ORIGIN,
    },
  ],
  CAMPAIGN_NOT_OPEN: [
    {
      routes: SHARES,
      summary: '409: the campaign takes no shares now (draft, paused, ended, archived, not started)',
      message: SHARE_REFUSED.paused,
    },
  ],
  ASSET_DELETED: [
    { routes: SHARES, summary: '409: the asset was deleted', message: SHARE_REFUSED.assetDeleted },
    {
      routes: ['POST /api/campaigns/import'],
      summary: '409: an asset the import updates was deleted meanwhile',
      message: 'Asset 42 was deleted meanwhile: import the file again',
    },
  ],
  SHARE_CODE_TAKEN: [
    { routes: SHARES, summary: '409: the share link code is taken', message: SHARE_CODE_TAKEN_MESSAGE },
  ],
};

/** The 409s one route (`METHOD url`) answers: one example per code. */
export function conflictsOf(
  route: string,
): { code: ErrorCode; summary: string; message: string; params?: Record<string, unknown> }[] {
  return Object.entries(CONFLICTS).flatMap(([code, wordings]) => {
    const wording = wordings?.find((w) => w.routes.includes(route));
    return wording
      ? [
          {
            code: code as ErrorCode,
            summary: wording.summary,
            message: wording.message,
            params: wording.params,
          },
        ]
      : [];
  });
}
