// An organisation's members, their roles, and invitations.
export { membersRoutes } from './members.routes.ts';
