// Campaign templates: save a campaign as one, start a campaign from one.
export { templatesRoutes } from './templates.routes.ts';
