import { z } from 'zod';
import {
  type ErrorCode,
  LAST_ASSET_OF_LIVE_CAMPAIGN,
  PUBLISH_NEEDS_ASSET,
  REVIEW_NOT_PENDING_MESSAGE,
  USERNAME_TAKEN,
} from '#shared/errors.ts';
import { importBodySchema } from '#shared/schemas/imports.ts';
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

export interface Conflict {
  code: ErrorCode;
  summary: string;
  message: string;
}

/**
 * The 409s of each route, by `METHOD url`, as its service words them (the services'
 * `conflict(...)` calls). A route missing here documents no 409.
 */
export const CONFLICTS: Record<string, Conflict[]> = {
  'POST /api/register': [
    { code: 'USERNAME_TAKEN', summary: '409: the username is taken', message: USERNAME_TAKEN },
  ],
  'POST /api/organizations': [
    {
      code: 'ALREADY_IN_ORGANIZATION',
      summary: '409: the caller already belongs to an organisation',
      message: 'You already belong to an organization',
    },
    {
      code: 'ORGANIZATION_USERNAME_TAKEN',
      summary: "409: the organisation's username is taken",
      message: 'Organization username already exists',
    },
  ],
  'POST /api/webhooks': [
    {
      code: 'WEBHOOK_ENDPOINT_LIMIT',
      summary: '409: the organisation has the most endpoints it may',
      message: WEBHOOK_LIMIT_MESSAGE,
    },
  ],
  'PUT /api/campaigns/:id': [
    {
      code: 'PUBLISH_NEEDS_ASSET',
      summary: '409: publishing or resuming a campaign with no asset',
      message: PUBLISH_NEEDS_ASSET,
    },
  ],
  'POST /api/campaigns/:id/review/approve': [
    {
      code: 'REVIEW_NOT_PENDING',
      summary: '409: the change does not wait for a decision (changes were asked for)',
      message: REVIEW_NOT_PENDING_MESSAGE,
    },
  ],
  'POST /api/campaigns/:id/review/request-changes': [
    {
      code: 'REVIEW_NOT_PENDING',
      summary: '409: the change does not wait for a decision (changes were asked for)',
      message: REVIEW_NOT_PENDING_MESSAGE,
    },
  ],
  'DELETE /api/assets/:id': [
    {
      code: 'LAST_ASSET_OF_LIVE_CAMPAIGN',
      summary: '409: the only asset of a live campaign',
      message: LAST_ASSET_OF_LIVE_CAMPAIGN,
    },
  ],
  'POST /api/campaigns/import': [
    {
      code: 'ASSET_DELETED',
      summary: '409: an asset the import updates was deleted meanwhile',
      message: 'Asset 42 was deleted meanwhile: import the file again',
    },
  ],
};
