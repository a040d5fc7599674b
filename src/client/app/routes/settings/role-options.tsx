import { roleLabel } from '#client/features/auth/index.ts';

/** The `<option>`s of a role picker, each named as the rest of the app names roles. */
export function RoleOptions({ roles }: { roles: readonly string[] }) {
  return roles.map((r) => (
    <option key={r} value={r}>
      {roleLabel(r)}
    </option>
  ));
}
