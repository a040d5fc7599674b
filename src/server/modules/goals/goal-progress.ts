import type { GoalProgress } from '#shared/schemas/goal-payloads.ts';
import { GOAL_FIGURE, type CampaignGoal } from '#shared/schemas/goals.ts';
import type { Db } from '../../db/client.ts';
import type { DialectName } from '../../db/dialect.ts';
import { campaignTotals } from '../stats/index.ts';
import { CampaignCache } from '../supporter/index.ts';

// A goal's progress: the campaign's figure as its stats give it (stats module, the
// rollups plus their live tail), never a count of its own. The public read keeps each
// campaign's figures for FIGURES_TTL_MS, shared by every open page on this instance:
// one stats read per campaign per 2 s whatever the number of pages polling
// (docs/decisions/0035-goals.md).

export const FIGURES_TTL_MS = 2000;

/** The figures a goal can name, by the stats' names. */
export type GoalFigures = Record<(typeof GOAL_FIGURE)[keyof typeof GOAL_FIGURE], number>;

export async function readGoalFigures(opts: {
  db: Db;
  dialect: DialectName;
  campaignId: number;
  now?: number;
}): Promise<GoalFigures> {
  const stats = await campaignTotals(opts);
  return {
    totalShares: stats.totalShares,
    uniqueSupporters: stats.uniqueSupporters,
    clickThroughs: stats.clickThroughs,
  };
}

/** The goal with its figure now. */
export function goalProgress(goal: CampaignGoal, figures: GoalFigures): GoalProgress {
  const value = figures[GOAL_FIGURE[goal.metric]];
  return { ...goal, value, reached: value >= goal.target };
}

/** The weak validator of an answer: it changes when the figure or the goal does. */
export const progressEtag = (p: GoalProgress) => `W/"${p.value}-${p.target}-${p.metric}-${p.deadline ?? ''}"`;

/** Each campaign's goal figures, read at most once per FIGURES_TTL_MS on this instance. */
export class GoalFiguresCache {
  private readonly cache = new CampaignCache<GoalFigures>();

  constructor(private readonly deps: { db: Db; dialect: DialectName }) {}

  get(campaignId: number): GoalFigures | Promise<GoalFigures> {
    return this.cache.load(
      campaignId,
      () => readGoalFigures({ ...this.deps, campaignId }),
      () => FIGURES_TTL_MS,
    );
  }
}
