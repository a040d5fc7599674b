// The Instance area's pieces (operators only: the server refuses everyone else): the
// organisation table and the health card; app/routes/instance-page.tsx composes them.
export { HealthCard } from './components/health-card.tsx';
export { OrganizationsTable } from './components/organizations-table.tsx';
