import type { Db } from '../../db/client.ts';

/**
 * A reminded share's end: it leaves `pending` for `status`, unless it moved on meanwhile
 * (posted, rescheduled). The update, for the caller to narrow further and execute.
 */
export const endPendingShare = (q: Db, shareId: number, status: 'reminded' | 'expired') =>
  q.updateTable('shares').set({ status }).where('id', '=', shareId).where('status', '=', 'pending');
