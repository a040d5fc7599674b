import { roleAllows } from '#shared/schemas/members.ts';
import { useUser } from '../api/get-user.ts';

/**
 * Whether the signed-in user may change campaigns and assets (edit, pause, archive,
 * delete...): editors and admins. The server refuses the rest anyway (403); this
 * only keeps controls a viewer cannot use out of their way.
 */
export function useCanEdit(): boolean {
  const { data: user } = useUser();
  return Boolean(user?.organizationId) && roleAllows(user?.role, 'editor');
}
