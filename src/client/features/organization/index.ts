export { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api/api-keys.ts';
export { useOrganization } from './api/get-organization.ts';
export { invitationProblem, useAcceptInvitation, useInvitationPreview } from './api/invitation-link.ts';
export { useCreateInvitation, useInvitations, useRevokeInvitation } from './api/invitations.ts';
export { useMembers, useRemoveMember, useUpdateMemberRole } from './api/members.ts';
export { useOrganizationSettings, useUpdateSettings } from './api/settings.ts';
export { OrganizationForm } from './components/organization-form.tsx';
export { LockedButton, RoleLocked } from './components/role-locked.tsx';
export { useRole } from './hooks/use-role.ts';
