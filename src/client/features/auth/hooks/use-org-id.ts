import { useUser } from '../api/get-user.ts';

/**
 * The signed-in user's organisation id, or null while loading or when the user has
 * none yet. Reads omit `?org=` when null and the server falls back to the caller's.
 */
export function useOrgId(): number | null {
  const { data: user } = useUser();
  return user?.organizationId ?? null;
}
