import { describe, expect, it } from 'vitest';
import { timeZoneOptions } from './time-zones.ts';

describe('timeZoneOptions', () => {
  it('offers current IANA names, an old saved name by its current one', () => {
    const zones = timeZoneOptions('Europe/Kiev');
    expect(zones).toContain('Asia/Kolkata');
    expect(zones).toContain('Europe/Kyiv');
    expect(zones).not.toContain('Asia/Calcutta');
    expect(zones).not.toContain('Europe/Kiev');
    expect(zones[0]).toBe('UTC');
  });
});
