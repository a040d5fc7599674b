export { useOrganization } from './api/get-organization.ts';
export { OrganizationForm } from './components/organization-form.tsx';
