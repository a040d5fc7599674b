import { describe, expect, it } from 'vitest';
import { addDays, presetRange, rangeDays, todayIn } from './date-range.ts';

// 11:30 UTC on 1 January 2026: already the 2nd in Auckland (UTC+13), still the 1st in
// Honolulu (UTC-10).
const now = new Date('2026-01-01T11:30:00Z');

describe('analytics date ranges', () => {
  it('ends presets today in the zone, both ends included', () => {
    expect(todayIn('Pacific/Auckland', now)).toBe('2026-01-02');
    expect(todayIn('Pacific/Honolulu', now)).toBe('2026-01-01');
    expect(presetRange('7', 'Pacific/Auckland', now)).toEqual({ from: '2025-12-27', to: '2026-01-02' });
    expect(rangeDays(presetRange('7', 'UTC', now))).toBe(7);
    expect(rangeDays(presetRange('30', 'UTC', now))).toBe(30);
    expect(rangeDays(presetRange('90', 'UTC', now))).toBe(90);
  });

  it('starts this year on 1 January of the zone’s own year', () => {
    expect(presetRange('year', 'Pacific/Honolulu', new Date('2026-01-01T05:00:00Z'))).toEqual({
      from: '2025-01-01',
      to: '2025-12-31',
    });
    expect(rangeDays(presetRange('year', 'UTC', new Date('2024-12-31T12:00:00Z')))).toBe(366);
  });

  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
  });
});
