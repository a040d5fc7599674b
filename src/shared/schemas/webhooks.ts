import { z } from 'zod';
import { idField, positiveIdParam, timestampField } from './common.ts';

// Webhook endpoints and the events they receive (docs/api.md "Integrations"): one
// schema per payload and answer, shared by the client and the server.

/** Every event a receiver can subscribe to; `ping` is sent only by "Send test event". */
export const WEBHOOK_EVENTS = [
  'share.created',
  'share.scheduled',
  'click.confirmed',
  'reminder.sent',
  'campaign.published',
  'campaign.paused',
  'campaign.ended',
  'campaign.archived',
  'asset.created',
  'asset.updated',
  'member.joined',
  'member.removed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export type WebhookEventType = WebhookEvent | 'ping';

/** Events whose items join one waiting message per endpoint (at most WEBHOOK_BATCH_MAX items). */
export const BATCHED_WEBHOOK_EVENTS = ['share.created', 'click.confirmed'] as const;
/**
 * Items a batched message holds at most (about 70 KB of shares). A message costs the
 * sender about a millisecond whatever its size (a claim, a signature, a post, a log
 * row), so on a busy campaign fewer, fuller messages are most of what keeps sending
 * cheap beside the share path (docs/decisions/0031-webhooks.md).
 */
export const WEBHOOK_BATCH_MAX = 500;
/** Where a batched event's `data` holds its items. */
export const WEBHOOK_BATCH_LIST_KEY = { 'share.created': 'shares', 'click.confirmed': 'clicks' } as const;

export const MAX_WEBHOOK_ENDPOINTS = 10;
export const MAX_WEBHOOK_URL = 2048;
export const MAX_WEBHOOK_DESCRIPTION = 200;
/** Characters of the secret the reads show (`whsec_` and 4 more). */
export const WEBHOOK_SECRET_SHOWN_CHARS = 10;
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 50;
/** Characters of a receiver's answer kept in the delivery log. */
export const WEBHOOK_EXCERPT_CHARS = 500;

export const WEBHOOK_DISABLED_REASONS = ['failing', 'admin'] as const;

/**
 * Why an attempt did not deliver, as a stable code with its values (`errorCode`,
 * `errorParams`; docs/api.md "Integrations > Endpoints"), so the client words it in the
 * reader's language; `error` keeps the same in English.
 */
export const WEBHOOK_DELIVERY_ERRORS = [
  /** No answer within `params.seconds`. */
  'timeout',
  /** The connection failed (`params.networkCode`, e.g. `ECONNREFUSED`, when known). */
  'unreachable',
  /** The receiver answered `params.status`, not a 2xx. */
  'receiver_status',
  /** The host (`params.host`) resolves to an address that is not public (`params.address`). */
  'address_refused',
  /** The host (`params.host`) did not resolve. */
  'host_not_resolved',
  /** The URL cannot be read as an http(s) address. */
  'invalid_url',
  /** The URL's scheme (`params.protocol`) is not one this server posts to. */
  'protocol_not_allowed',
  /** The URL carries a user name or password. */
  'credentials_in_url',
  /** Another refusal of the address guard: `error` says which. */
  'refused',
] as const;
export type WebhookDeliveryError = (typeof WEBHOOK_DELIVERY_ERRORS)[number];

export const webhookErrorParamsSchema = z
  .object({
    seconds: z.number().int(),
    networkCode: z.string(),
    status: z.number().int(),
    host: z.string(),
    address: z.string(),
    protocol: z.string(),
  })
  .partial();
export type WebhookErrorParams = z.infer<typeof webhookErrorParamsSchema>;

/** The code and values of a failed attempt (both null on a delivered one, and on attempts logged before codes). */
const deliveryErrorFields = {
  /** English, for people and logs; an attempt logged before codes has only this. */
  error: z.string().nullable(),
  errorCode: z
    .enum(WEBHOOK_DELIVERY_ERRORS)
    .nullable()
    .describe('Why the attempt did not deliver, for a client to word; null when delivered'),
  errorParams: webhookErrorParamsSchema.nullable().meta({ examples: [{ status: 503 }] }),
};

const urlField = z
  .string({ error: 'URL is required' })
  .trim()
  .min(1, 'URL is required')
  .max(MAX_WEBHOOK_URL, `URL must be at most ${MAX_WEBHOOK_URL} characters`)
  .refine((v) => URL.canParse(v), 'URL must be a full address such as https://example.org/hooks')
  .refine(
    (v) => !URL.canParse(v) || ['https:', 'http:'].includes(new URL(v).protocol),
    'URL must start with https://',
  );

const eventsField = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `Event must be one of: ${WEBHOOK_EVENTS.join(', ')}` }), {
    error: 'Events must be a list of event types',
  })
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENTS.length, `At most ${WEBHOOK_EVENTS.length} events`)
  // One delivery per event, whatever the list repeats.
  .transform((list) => [...new Set(list)]);

const descriptionField = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(MAX_WEBHOOK_DESCRIPTION, `Description must be at most ${MAX_WEBHOOK_DESCRIPTION} characters`);

const enabledField = z.boolean({ error: 'Enabled must be true or false' });

export const createWebhookSchema = z.strictObject({
  url: urlField,
  description: descriptionField.optional(),
  events: eventsField,
  enabled: enabledField.optional(),
});
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;

export const updateWebhookSchema = z
  .strictObject({
    url: urlField.optional(),
    description: descriptionField.optional(),
    events: eventsField.optional(),
    enabled: enabledField.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Send at least one field to change',
    path: [],
  });
export type UpdateWebhookInput = z.infer<typeof updateWebhookSchema>;

/** The last attempt to deliver to an endpoint, as the list shows it. */
export const webhookLastDeliverySchema = z.object({
  attemptedAt: timestampField,
  statusCode: z.number().int().nullable(),
  ...deliveryErrorFields,
});

export const webhookEndpointSchema = z.object({
  id: idField,
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** `failing`: disabled after 24 h of failed deliveries; `admin`: turned off by an admin. */
  disabledReason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  /** The secret's first characters (`whsec_` and 4 more): enough to recognise it. */
  secretPrefix: z.string().meta({ examples: ['whsec_MfKQ'] }),
  /** Until then the secret before the last rotation still signs too. */
  previousSecretExpiresAt: timestampField.nullable(),
  lastDelivery: webhookLastDeliverySchema.nullable(),
  createdAt: timestampField,
  updatedAt: timestampField,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointListSchema = z.array(webhookEndpointSchema);

/** POST's answer: the signing secret, shown this once. */
export const createdWebhookSchema = webhookEndpointSchema.extend({
  secret: z
    .string()
    .describe('`whsec_` and 32 random bytes in base64: shown only in this answer')
    .meta({ examples: ['whsec_MfKQ9r8GKYqrTwJSmnuzd4WjbfQmhQ1c0uEmUp4ZFYI='] }),
});
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const rotatedWebhookSecretSchema = z.object({
  secret: z.string().describe('The new secret, shown only in this answer'),
  previousSecretExpiresAt: timestampField,
});
export type RotatedWebhookSecret = z.infer<typeof rotatedWebhookSecretSchema>;

export const queuedWebhookMessageSchema = z.object({
  messageId: z.string().describe('The `webhook-id` of the queued message'),
});
export type QueuedWebhookMessage = z.infer<typeof queuedWebhookMessageSchema>;

export const webhookDeliveriesQuerySchema = z.strictObject({
  page: positiveIdParam('page').default(1),
});

export const webhookDeliverySchema = z.object({
  id: idField,
  messageId: z.string(),
  eventType: z.string(),
  attempt: z.number().int(),
  attemptedAt: timestampField,
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  ...deliveryErrorFields,
  responseExcerpt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesPageSchema = z.object({
  items: z.array(webhookDeliverySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Whether an older page follows. */
  hasMore: z.boolean(),
});
export type WebhookDeliveriesPage = z.infer<typeof webhookDeliveriesPageSchema>;

export const webhookRetryParamsSchema = z.strictObject({
  id: positiveIdParam('Id'),
  messageId: z.string().max(64, 'Message id must be at most 64 characters'),
});

// What is sent: `{type, timestamp, data}` per event type (docs/api.md "What is sent").

/** A platform id (src/shared/platforms.ts). */
const platformField = z.string().meta({ examples: ['bluesky'] });

const shareItem = z.object({
  id: idField,
  campaignId: idField,
  assetId: idField,
  platform: platformField,
  /** What the supporter's browser saw: `shared` (a share sheet finished), `opened` (the platform's window opened), `prepared`. */
  outcome: z.string().meta({ examples: ['shared'] }),
  language: z.string().nullable(),
  createdAt: timestampField,
});
const clickItem = z.object({
  campaignId: idField,
  shareId: idField,
  platform: platformField,
  confirmedAt: timestampField,
});
const campaignData = z.object({
  id: idField,
  name: z.string(),
  status: z.string(),
  publicUrl: z.string().nullable(),
  at: timestampField,
});
const assetData = z.object({
  id: idField,
  campaignId: idField,
  type: z.string().meta({ examples: ['image'] }),
  title: z.string(),
  at: timestampField,
});
const memberData = z.object({
  userId: idField,
  username: z.string(),
  role: z.string().meta({ examples: ['editor'] }),
  at: timestampField,
});

/** The `data` of each event type. */
export const WEBHOOK_EVENT_DATA = {
  'share.created': z.object({ shares: z.array(shareItem).max(WEBHOOK_BATCH_MAX) }),
  'share.scheduled': z.object({
    id: idField,
    campaignId: idField,
    assetId: idField,
    platform: platformField,
    scheduledFor: timestampField,
    reminder: z.enum(['email', 'push']).nullable(),
  }),
  'click.confirmed': z.object({ clicks: z.array(clickItem).max(WEBHOOK_BATCH_MAX) }),
  'reminder.sent': z.object({
    shareId: idField,
    campaignId: idField,
    channel: z.enum(['email', 'push']),
    sentAt: timestampField,
  }),
  'campaign.published': campaignData,
  'campaign.paused': campaignData,
  'campaign.ended': campaignData,
  'campaign.archived': campaignData,
  'asset.created': assetData,
  'asset.updated': assetData,
  'member.joined': memberData,
  'member.removed': memberData,
  ping: z.object({ endpointId: idField, at: timestampField }),
} as const satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookEventData<T extends WebhookEventType> = z.infer<(typeof WEBHOOK_EVENT_DATA)[T]>;
/** A batched event's one item (a share, a click-through). */
export type WebhookBatchItem<T extends (typeof BATCHED_WEBHOOK_EVENTS)[number]> = T extends 'share.created'
  ? z.infer<typeof shareItem>
  : z.infer<typeof clickItem>;

/** The body of every delivery. */
export const webhookPayloadSchema = z.object({
  type: z.enum([...WEBHOOK_EVENTS, 'ping']),
  timestamp: timestampField.describe('When the event happened'),
  data: z.record(z.string(), z.unknown()),
});
