// Shared moments (docs/api.md "Momentum", docs/decisions/0037-moments.md): staff set
// them on a campaign; a supporter's commitment is a scheduled share at the moment.
export { momentsRoutes } from './moments.routes.ts';
