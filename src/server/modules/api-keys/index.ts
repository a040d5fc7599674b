// An organisation's API keys, and how a request authenticates with one.
export { authenticateApiKey, isApiKey } from './api-key-auth.ts';
export { apiKeysRoutes } from './api-keys.routes.ts';
