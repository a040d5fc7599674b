import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { timestampField } from '#shared/schemas/common.ts';
import { WEBHOOK_BATCH_MAX, WEBHOOK_EVENT_DATA, type WebhookEventType } from '#shared/schemas/webhooks.ts';
import { exampleFor, type JsonSchema } from './openapi-examples.ts';

// The webhook events as OpenAPI 3.1's top-level `webhooks`: one POST per event type,
// its body the envelope with that type's `data` (the zod schemas the sender's tests
// parse every delivery with), converted by the same transform as the routes' schemas.

const WEBHOOK_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'share.created':
    `Supporters shared: a batch of at most ${WEBHOOK_BATCH_MAX} shares per message, in the order they happened. ` +
    '`outcome` is what the browser saw: `shared`, `opened` or `prepared`.',
  'share.scheduled':
    'A supporter scheduled a share for later, with or without a reminder (no address is sent).',
  'click.confirmed': `Click-throughs on shared links, confirmed: a batch of at most ${WEBHOOK_BATCH_MAX} per message.`,
  'reminder.sent':
    'A reminder of a scheduled share left: the mail left the outbox, or the push service took it.',
  'campaign.published':
    'A member set the campaign to `active` (a first publish, a resume or a re-open). ' +
    '`publicUrl` is set when the instance has PUBLIC_URL.',
  'campaign.paused': 'A member paused the campaign.',
  'campaign.ended':
    'The campaign ended: a member ended it, or its end date passed by itself (sent once per end, `at` when the server noticed it).',
  'campaign.archived': 'A member archived (deleted) the campaign.',
  'asset.created': 'An asset was added to a campaign.',
  'asset.updated': 'An asset was changed.',
  'member.joined': 'A member joined the organisation (no address is sent).',
  'member.removed': 'A member was removed from the organisation, or left it.',
  ping: 'Sent only by "Send test event" (POST /api/webhooks/{id}/test), whatever the endpoint subscribes to.',
};

/** The campaign events' `status`: what the campaign became. */
const CAMPAIGN_STATUS_OF: Partial<Record<WebhookEventType, string>> = {
  'campaign.published': 'active',
  'campaign.paused': 'paused',
  'campaign.ended': 'ended',
  'campaign.archived': 'archived',
};

/** The body of one event type's deliveries. */
export const webhookEnvelopeSchema = (type: WebhookEventType) =>
  z.object({
    type: z.literal(type),
    timestamp: timestampField.describe('When the event happened'),
    data: WEBHOOK_EVENT_DATA[type],
  });

/** The Standard Webhooks headers of every delivery (docs/api.md "What is sent"). */
const HEADERS = [
  {
    name: 'webhook-id',
    description: "The message's id, the same on every attempt of it: deduplicate on it.",
    example: 'msg_2n8Wq7dKpXyZ0aB1cD3eF4',
  },
  {
    name: 'webhook-timestamp',
    description: "The attempt's time, in seconds since 1970: refuse one too far from your clock.",
    example: '1773480600',
  },
  {
    name: 'webhook-signature',
    description:
      '`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the ' +
      "secret's bytes; during a rotation's overlap, two signatures separated by a space.",
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
].map(({ example, ...header }) => ({
  in: 'header',
  required: true,
  schema: { type: 'string' },
  example,
  ...header,
}));

/** A zod schema as the routes' transform converts a response body. */
function toJsonSchema(schema: z.ZodType): JsonSchema {
  const out = jsonSchemaTransform({
    schema: { response: { 200: schema } },
    url: '/webhook',
    route: { method: 'POST', url: '/webhook' },
    openapiObject: { openapi: '3.1.0' },
  } as unknown as Parameters<typeof jsonSchemaTransform>[0]);
  return (out.schema as { response: Record<string, JsonSchema> }).response['200'] as JsonSchema;
}

type Webhooks = Extract<
  NonNullable<FastifyDynamicSwaggerOptions['openapi']>,
  { webhooks?: unknown }
>['webhooks'];

/** The document's `webhooks`: every event type, ping included. */
export function webhooksDocument(): Webhooks {
  const types = Object.keys(WEBHOOK_EVENT_DATA) as WebhookEventType[];
  const entries = Object.fromEntries(
    types.map((type) => {
      const schema = toJsonSchema(webhookEnvelopeSchema(type));
      const example = exampleFor(schema) as { data: Record<string, unknown> };
      const status = CAMPAIGN_STATUS_OF[type];
      if (status) example.data.status = status;
      return [
        type,
        {
          post: {
            summary: type,
            description: WEBHOOK_DESCRIPTIONS[type],
            operationId: `webhook.${type}`,
            tags: ['Webhooks'],
            parameters: HEADERS,
            requestBody: {
              required: true,
              content: { 'application/json': { schema, example } },
            },
            responses: {
              '2XX': { description: 'Delivered' },
              default: {
                description:
                  'Not delivered: a network error, a timeout (10 s), a 5xx or a 429 is tried again later; ' +
                  'any other answer is final (docs/api.md "Delivery").',
              },
            },
          },
        },
      ];
    }),
  );
  // Plain JSON the swagger types cannot follow: it is checked against the event schemas by the document test.
  return entries as Webhooks;
}
