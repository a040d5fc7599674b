// Campaign goals (docs/api.md "Momentum", Goals): the public progress read and the
// figures a goal is measured by (the stats module's), shared with the staff notices.
export { goalsRoutes } from './goals.routes.ts';
export { goalProgress, readGoalFigures } from './goal-progress.ts';
