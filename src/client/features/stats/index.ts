export { useCampaignStats } from './api/get-campaign-stats.ts';
export { AnalyticsPanel } from './components/analytics-panel.tsx';
export { CampaignStatsBlock } from './components/campaign-stats-block.tsx';
export { OrganizationStatCards } from './components/organization-stat-cards.tsx';
export { AnalyticsView } from './components/analytics-view.tsx';
