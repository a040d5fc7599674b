import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { ROLE_NAMES, type Role } from '#shared/schemas/members.ts';
import { Options } from '#client/components/ui/options.tsx';
import { roleLabel } from '#client/features/auth/index.ts';

/** A role's name in the reader's language; a role this client does not know reads as itself. */
export function roleName(i18n: I18n, role: string): string {
  return role in ROLE_NAMES ? i18n._(ROLE_NAMES[role as Role]) : roleLabel(role);
}

/** The `<option>`s of a role picker, each named as the rest of the app names roles. */
export function RoleOptions({ roles }: { roles: readonly string[] }) {
  const { i18n } = useLingui();
  return <Options items={roles} value={(r) => r} label={(r) => roleName(i18n, r)} />;
}
