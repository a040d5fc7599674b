// An organisation's members, their roles, and invitations.
export { membersRoutes } from './members.routes.ts';
export { ALREADY_IN_ORG } from './invitations.service.ts';
export { otherAdmins, revokeMade } from './members.service.ts';
