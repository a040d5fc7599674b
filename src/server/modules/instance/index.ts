// The instance and the people who run it (docs/api.md "Operators"): its sign-up policy,
// operators, organisations at a glance, suspensions, held mail and health. Every route
// is operators' only (the permission table's 'operator' level); `npm run admin` calls
// the same services.
export { instanceSettingsRoutes } from './instance-settings.routes.ts';
export { readInstanceSettings, updateInstanceSettings } from './instance-settings.service.ts';
export { listOperators, type OperatorChange, setOperator } from './operators.ts';
export { createSignupInvitation } from './signup-invitations.service.ts';
export { instanceHealthRoutes } from './health.routes.ts';
export { type InstanceHealth, instanceHealth } from './health.service.ts';
export { organizationsTableRoutes } from './organizations-table.routes.ts';
export { listOrganizations, organizationTableRow } from './organizations-table.service.ts';
export {
  ORGANIZATION_FIGURES_EVERY_MS,
  organizationFiguresJob,
  refreshOrganizationFigures,
} from './organization-figures.ts';
