import type { CommitMomentInput, MomentCommitment } from '#shared/schemas/moments.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** POST /api/supporter/moments/:id/commit: this visitor's commitment (a second one answers the first). */
export const commitToMoment = (momentId: number, input: CommitMomentInput) =>
  apiRequest<MomentCommitment>('POST', `/api/supporter/moments/${momentId}/commit`, input);

/**
 * GET /api/supporter/moments/:id with the last ETag: the count, or `undefined` when it
 * has not changed (304). A failed poll also answers undefined: the page keeps what it shows.
 */
export async function pollMomentCount(
  momentId: number,
  etag: string | undefined,
): Promise<{ count: number; etag: string | undefined } | undefined> {
  try {
    const res = await fetch(`/api/supporter/moments/${momentId}`, {
      headers: etag ? { 'If-None-Match': etag } : {},
      cache: 'no-store',
      credentials: 'same-origin',
    });
    if (!res.ok) return undefined;
    const { count } = (await res.json()) as { count: number };
    return { count, etag: res.headers.get('etag') ?? undefined };
  } catch {
    return undefined;
  }
}
