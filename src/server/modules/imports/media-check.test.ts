import { describe, expect, it } from 'vitest';
import type { AddressPolicy } from '../../lib/safe-fetch.ts';
import { FETCH_FAILED_MESSAGE } from '../uploads/index.ts';
import { MAX_MEDIA_SITES, TOO_MANY_SITES_MESSAGE, unreachableMedia } from './media-check.ts';

// The dry run's look-ups of media hosts: bounded per file, whatever its rows name.

/** A policy that counts the addresses it is asked about, and refuses one port. */
function countingPolicy() {
  const asked: string[] = [];
  const policy: AddressPolicy = (address, url) => {
    asked.push(`${address} ${url?.port}`);
    return url?.port === '1001' ? 'refused' : null;
  };
  return { asked, policy };
}

const site = (i: number, file = 'photo.png') => `http://127.0.0.1:${1000 + i}/${file}`;

describe('unreachableMedia', () => {
  it('looks each site up once, and no more than MAX_MEDIA_SITES sites a call', async () => {
    const { asked, policy } = countingPolicy();
    const urls = Array.from({ length: MAX_MEDIA_SITES + 10 }, (_, i) => site(i));
    // Several files on one site: one lookup.
    urls.push(site(0, 'other.png'), site(1, 'other.png'));
    const spent: number[] = [];
    const refused = await unreachableMedia(urls, policy, async (n) => {
      spent.push(n);
    });
    expect(asked).toHaveLength(MAX_MEDIA_SITES);
    expect(spent).toEqual([MAX_MEDIA_SITES]);
    const unreachable = { message: FETCH_FAILED_MESSAGE, rule: 'media_unreachable' };
    expect(refused.get(site(1))).toEqual(unreachable);
    expect(refused.get(site(1, 'other.png'))).toEqual(unreachable);
    expect(refused.has(site(0, 'other.png'))).toBe(false);
    expect(refused.has(site(MAX_MEDIA_SITES - 1))).toBe(false);
    for (let i = MAX_MEDIA_SITES; i < MAX_MEDIA_SITES + 10; i++)
      expect(refused.get(site(i)), site(i)).toEqual({
        message: TOO_MANY_SITES_MESSAGE,
        rule: 'too_many_media_sites',
        params: { maximum: MAX_MEDIA_SITES },
      });
  });

  it('looks nothing up when the budget refuses', async () => {
    const { asked, policy } = countingPolicy();
    const refusal = new Error('budget used up');
    await expect(
      unreachableMedia([site(0), site(2)], policy, async () => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(asked).toEqual([]);
  });
});
