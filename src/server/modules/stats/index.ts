// Figures: the rollups the background job builds (rollups*.ts) and the reads over
// them (stats, analytics, asset analytics, exports).
export { namedSharesQuery, organizationAnalytics } from './analytics.service.ts';
export { csvRow } from './csv.ts';
export { ROLLUP_BATCH, rollUpBatch, rollupJob } from './rollups.ts';
export { statsRoutes } from './stats.routes.ts';
export { campaignStats, campaignTotals } from './stats.service.ts';
export { zonedToday } from './time-range.ts';
export { type SourceRow, visitSources } from './visit-sources.ts';
