import { hasRole, type Role } from '#shared/schemas/members.ts';
import { useUser } from '#client/features/auth/index.ts';

/**
 * The signed-in member's role and what it allows: the one place the UI asks. The
 * server refuses anyway (403 naming the role); this only hides or disables what
 * would be refused. While the user is loading nothing is allowed.
 */
export function useRole(): { role: string | null; can: (needed: Role) => boolean } {
  const { data: user } = useUser();
  const role = user?.organizationId ? user.role : null;
  return { role, can: (needed) => hasRole(role, needed) };
}
