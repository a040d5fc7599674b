import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
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
  // Iterate by code point, so an emoji or an accented letter is never cut in half.
  const head = (s: string | undefined) => (s ? [...s][0] : '');
  const letters = first || last ? head(first) + head(last) : [...user.username.trim()].slice(0, 2).join('');
  return letters.toUpperCase() || '?';
}

const ROLES: Record<string, ReturnType<typeof msg>> = {
  admin: msg`Admin`,
  editor: msg`Editor`,
  viewer: msg`Viewer`,
};

/** 'admin' -> 'Admin' (in the active language); an unknown role capitalised; no role -> 'User'. */
export function roleLabel(role: string | null | undefined): string {
  const r = role?.trim();
  if (!r) return i18n._(msg`User`);
  const known = ROLES[r];
  return known ? i18n._(known) : r[0].toUpperCase() + r.slice(1);
}
