// The framable share card (docs/decisions/0019).
export { embedRoutes } from './embed.routes.ts';
