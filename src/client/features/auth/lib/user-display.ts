import type { PublicUser } from '#shared/schemas/auth.ts';

type Named = Pick<PublicUser, 'username' | 'firstName' | 'lastName'>;

/** "First Last" when the profile has a name, else the username. */
export function displayName(user: Named): string {
  const full = [user.firstName, user.lastName]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');
  return full || user.username;
}

/** Up to two letters for the avatar, drawn here rather than fetched from an avatar service. */
export function initials(user: Named): string {
  const first = user.firstName?.trim();
  const last = user.lastName?.trim();
  const letters = first || last ? `${first?.[0] ?? ''}${last?.[0] ?? ''}` : user.username.slice(0, 2);
  return [...letters].slice(0, 2).join('').toUpperCase() || '?';
}

/** 'admin' -> 'Admin'; no role -> 'User' (SPEC.md section 6). */
export function roleLabel(role: string | null | undefined): string {
  const r = role?.trim();
  return r ? r[0].toUpperCase() + r.slice(1) : 'User';
}
