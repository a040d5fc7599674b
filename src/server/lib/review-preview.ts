import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * What the supporter preview of a change waiting for review needs (modules/reviews
 * implements it; app.ts hands it to the supporter routes in AppDeps, so the supporter
 * module does not depend on the reviews module): `read` run with the campaign's open
 * revision applied, in a transaction that is then rolled back.
 */
export type ReviewPreview = <T>(
  campaign: { campaignId: number; orgId: number; actorId: number },
  read: (trx: Transaction<Database>) => Promise<T>,
) => Promise<T>;
