// Developer tools, registered only with DEV_TOOLS=1: demo content for an organisation.
export { debugRoutes } from './debug.routes.ts';
