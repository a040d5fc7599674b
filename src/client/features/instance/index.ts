// The Instance area's pieces (operators only: the server refuses everyone else): the
// organisation table, the health card and the sign-up card; app/routes/instance-page.tsx
// composes them.
export { HealthCard } from './components/health-card.tsx';
export { OrganizationsTable } from './components/organizations-table.tsx';
export { RegistrationCard } from './components/registration-card.tsx';
