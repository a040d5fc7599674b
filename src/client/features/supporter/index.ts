export { useSupporterCampaign } from './api/get-supporter-campaign.ts';
export { CampaignNotFound } from './components/campaign-not-found.tsx';
export { DesktopView } from './components/desktop-view.tsx';
export { MobileView } from './components/mobile-view.tsx';
export { ViewToggle } from './components/view-toggle.tsx';
export { useMobileView } from './hooks/use-mobile-view.ts';
export { confirmArrival } from './lib/arrival.ts';
