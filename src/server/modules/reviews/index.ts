// Review before publishing (docs/api.md "Review and guardrails", docs/decisions/0034):
// the gate on the campaign and asset writes, the review routes, and the supporter
// preview of what waits.
export { registerReviewGate } from './review-gate.ts';
export { reviewsRoutes } from './reviews.routes.ts';
export { previewOpenRevision } from './review-preview.ts';
