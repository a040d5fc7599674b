import { mastodonHost } from '#shared/share-links.ts';

// The supporter's Mastodon server, named once and remembered on this device only.

const KEY = 'rally:mastodon-server';

export function rememberedMastodonServer(): string | undefined {
  try {
    return mastodonHost(localStorage.getItem(KEY) ?? '') ?? undefined;
  } catch {
    return undefined;
  }
}

/** Checks and keeps the server; returns its host name, or null when it is not one. */
export function rememberMastodonServer(input: string): string | null {
  const host = mastodonHost(input);
  if (!host) return null;
  try {
    localStorage.setItem(KEY, host);
  } catch {
    // Storage blocked: the server is used for this share only.
  }
  return host;
}

export function forgetMastodonServer(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
