// Review before publishing (server: modules/reviews): what waits on a campaign, the
// reviewers' decisions, and the count on the Campaigns screen.
export { useReviews } from './api/reviews.ts';
export { ReviewPanel } from './components/review-panel.tsx';
export { WaitingForReview } from './components/waiting-for-review.tsx';
