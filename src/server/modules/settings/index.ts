// An organisation's settings, and the parts of them other modules read.
export { settingsRoutes } from './settings.routes.ts';
export {
  blockedWordsOf,
  editorWaitsForReview,
  embedAllowedOrigins,
  getSettings,
  reviewRequired,
  supporterOrganization,
} from './settings.service.ts';
