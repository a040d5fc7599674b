import type { CreatedInvitation, CreateInvitationInput, Invitation } from '#shared/schemas/members.ts';
import { revocableList } from './revocable-list.ts';

/** /api/organization/invitations: the pending ones; a revoked link stops working. */
export const {
  useList: useInvitations,
  useCreate: useCreateInvitation,
  useRevoke: useRevokeInvitation,
} = revocableList<Invitation, CreateInvitationInput, CreatedInvitation>('/api/organization/invitations');
