// The Instance area's pieces (operators only: the server refuses everyone else);
// app/routes/instance-page.tsx composes them. The suspended organisation's banner is
// the staff layout's.
export { HeldMailCard } from './components/held-mail-card.tsx';
export { InstanceAuditCard } from './components/instance-audit-card.tsx';
export { SuspendDialog } from './components/suspend-dialog.tsx';
export { SuspendedBanner } from './components/suspended-banner.tsx';
