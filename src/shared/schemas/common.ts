import { z } from 'zod';

export const idParam = z.coerce
  .number({ error: 'Id must be a positive integer' })
  .int('Id must be a positive integer')
  .positive('Id must be a positive integer');
export const idParamsSchema = z.strictObject({ id: idParam });

/** `?org=` on list reads: omitted means the caller's own organisation. */
export const orgQuerySchema = z.strictObject({ org: idParam.optional() });

export interface ApiErrorBody {
  message: string;
  errors?: { path: string; message: string }[];
  tokenExpired?: boolean;
}
