// An organisation's members, their roles, and invitations.
export { membersRoutes } from './members.routes.ts';
export { otherAdmins, revokeMade } from './members.service.ts';
