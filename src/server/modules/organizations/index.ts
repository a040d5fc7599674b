// Creating an organisation and reading one's own.
export { organizationRoutes } from './organizations.routes.ts';
