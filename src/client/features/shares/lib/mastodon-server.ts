import { mastodonHost } from '#shared/share-links.ts';
import { readStored, writeStored } from '#client/lib/device-storage.ts';

// The supporter's Mastodon server, named once and remembered on this device only.

const KEY = 'rally:mastodon-server';

export const rememberedMastodonServer = (): string | undefined =>
  mastodonHost(readStored(KEY) ?? '') ?? undefined;

/**
 * Keeps the server (a host name, as the form's schema gives it) on this device; where
 * storage is refused, it serves this share only.
 */
export const rememberMastodonServer = (host: string): void => void writeStored(KEY, host);

export const forgetMastodonServer = (): void => void writeStored(KEY, null);
