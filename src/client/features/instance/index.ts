// The Instance area's pieces (operators only: the server refuses everyone else): the
// organisation table, the health card, the sign-up card, suspensions, held mail and the
// instance audit log; app/routes/instance-page.tsx composes them. The suspended
// organisation's banner is the staff layout's.
export { HealthCard } from './components/health-card.tsx';
export { HeldMailCard } from './components/held-mail-card.tsx';
export { InstanceAuditCard } from './components/instance-audit-card.tsx';
export { OrganizationsTable } from './components/organizations-table.tsx';
export { RegistrationCard } from './components/registration-card.tsx';
export { SuspendDialog } from './components/suspend-dialog.tsx';
export { SuspendedBanner } from './components/suspended-banner.tsx';
