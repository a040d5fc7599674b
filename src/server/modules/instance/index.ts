// The instance as a whole, for its operators (docs/api.md "Operators").
export { instanceHealthRoutes } from './health.routes.ts';
export { type InstanceHealth, instanceHealth } from './health.service.ts';
export { organizationsTableRoutes } from './organizations-table.routes.ts';
export { listOrganizations, organizationTableRow } from './organizations-table.service.ts';
export {
  ORGANIZATION_FIGURES_EVERY_MS,
  organizationFiguresJob,
  refreshOrganizationFigures,
} from './organization-figures.ts';
