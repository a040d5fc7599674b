import { readStored, writeStored } from '#client/lib/device-storage.ts';

// This browser's memory of its own commitments to shared moments (the moment panel's
// "You're in" after a reload): the share id of the commitment, per moment.

const PREFIX = 'rally.moment.';

export const momentMemoryKey = (momentId: number) => `${PREFIX}${momentId}`;

export const rememberedCommitment = (momentId: number) => readStored(momentMemoryKey(momentId));

export const rememberCommitment = (momentId: number, shareId: number) =>
  writeStored(momentMemoryKey(momentId), String(shareId));

/**
 * A scheduled share moved from the Schedule tab: if it was a commitment, it left its
 * moment (docs/decisions/0037), so the panel offers Join again instead of "You're in".
 */
export function forgetMovedCommitment(shareId: number): void {
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const key = localStorage.key(i);
      if (key?.startsWith(PREFIX) && localStorage.getItem(key) === String(shareId)) writeStored(key, null);
    }
  } catch {
    // Storage refused: nothing was remembered either.
  }
}
