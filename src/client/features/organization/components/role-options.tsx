import { Options } from '#client/components/ui/options.tsx';
import { roleLabel } from '#client/features/auth/index.ts';

/** The `<option>`s of a role picker, each named as the rest of the app names roles. */
export function RoleOptions({ roles }: { roles: readonly string[] }) {
  return <Options items={roles} value={(r) => r} label={roleLabel} />;
}
