import { useUser } from '../api/get-user.ts';

/**
 * Whether the signed-in user may change campaigns and assets (edit, pause, archive,
 * delete...). Every member of an organisation may, until roles arrive: this is the
 * one place that will then ask for editor or admin.
 */
export function useCanEdit(): boolean {
  const { data: user } = useUser();
  return Boolean(user?.organizationId);
}
