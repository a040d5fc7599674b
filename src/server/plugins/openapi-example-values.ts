import { z } from 'zod';
import { assetContentField } from '#shared/schemas/assets.ts';
import { campaignSchema } from '#shared/schemas/campaigns.ts';
import { timestampField } from '#shared/schemas/common.ts';
import { translationsField } from '#shared/schemas/languages.ts';
import { embedOriginField, logoUrlField, websiteField } from '#shared/schemas/settings.ts';
import { shareSchema } from '#shared/schemas/shares.ts';

// Example values for fields of the shared schemas that the supporter page also loads.
// Kept here, on the server, in zod's global registry (where `.meta()` would put them),
// so the document has them and the page's scripts carry none of their bytes.

/** Adds `examples` to what the registry already holds for `schema` (its description, say). */
function example(schema: z.ZodType, value: unknown): void {
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), examples: [value] });
}

example(timestampField, '2026-03-14T09:30:00.000Z');
// An image's or video's content is its URL (text assets hold their words).
example(assetContentField, 'https://rally.example.org/uploads/river.jpg');
example(campaignSchema.shape.status, 'active');
example(shareSchema.shape.status, 'shared');
// The key carries the example: zod leaves examples out of a schema holding a transform.
example(translationsField.in.keyType, 'fr');
example(logoUrlField, 'https://www.example.org/logo.png');
example(websiteField, 'https://www.example.org');
// The input side of the transform: the document describes what a caller sends.
example(embedOriginField.in, 'https://www.example.org');
