// The supporter's Influence Score: one formula, shared by the server that computes
// it and the page that explains it.

/** Points per logged share. */
export const SHARE_POINTS = 10;
/** Points per click-through on one of the supporter's tracked links. */
export const CLICK_POINTS = 5;

// The response type lives with its schema; re-exported for the page that imports it from here.
export type { SupporterImpact } from './schemas/shares.ts';

export function influenceScore({ shares, clicks }: { shares: number; clicks: number }): number {
  return shares * SHARE_POINTS + clicks * CLICK_POINTS;
}

export const INFLUENCE_SCORE_EXPLANATION = `Your Influence Score is ${SHARE_POINTS} points for every share plus ${CLICK_POINTS} points for every click on a link you shared.`;
