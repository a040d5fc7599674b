import { z } from 'zod';
import { trimmedText } from './common.ts';
import { localeField } from './languages.ts';

/**
 * `?lang=`: the language the code's link opens the page in (one of the campaign's
 * languages; absent: the page negotiates as for any link).
 */
const langField = localeField.optional();

/** GET /api/campaigns/:id/qr.svg?lang= */
export const qrSvgQuerySchema = z.strictObject({ lang: langField });
export type QrSvgQuery = z.infer<typeof qrSvgQuerySchema>;

// The campaign's QR code (SVG, PNG) and its printable poster (PDF).

/** PNG widths in pixels: small enough to stay legible on screen, large enough for print. */
export const QR_PNG_SIZE = { min: 128, max: 2048, default: 512 } as const;

const SIZE_MESSAGE = `size must be a whole number of pixels from ${QR_PNG_SIZE.min} to ${QR_PNG_SIZE.max}`;

/** GET /api/campaigns/:id/qr.png?size= */
export const qrPngQuerySchema = z.strictObject({
  // Not a number at all is 'size must be a number' (the API's wording for wrong types);
  // a refine, not .int(), so a fraction gets the same sentence as the bounds.
  size: z.coerce
    .number()
    .min(QR_PNG_SIZE.min, SIZE_MESSAGE)
    .max(QR_PNG_SIZE.max, SIZE_MESSAGE)
    .refine(Number.isInteger, SIZE_MESSAGE)
    .default(QR_PNG_SIZE.default),
  lang: langField,
});
export type QrPngQuery = z.infer<typeof qrPngQuerySchema>;

/** Characters of the poster's line of text: it is set large, under the campaign name. */
export const POSTER_LINE_MAX = 120;

/** GET /api/campaigns/:id/poster.pdf?line= (blank or absent: the default line). */
export const posterQuerySchema = z.strictObject({
  line: trimmedText('line', POSTER_LINE_MAX).optional(),
  lang: langField,
});
export type PosterQuery = z.infer<typeof posterQuerySchema>;
