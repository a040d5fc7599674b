import { describe, expect, it } from 'vitest';
import {
  campaignAvailability,
  effectiveStatus,
  endInstant,
  nextAvailabilityChange,
} from './campaign-lifecycle.ts';

const NOW = Date.parse('2030-06-15T12:00:00Z');
const c = (status: string, startDate: string | null = null, endDate: string | null = null) => ({
  status,
  startDate,
  endDate,
});

describe('campaign lifecycle rules', () => {
  it('a plain end date runs through its whole UTC day', () => {
    expect(new Date(endInstant('2030-06-15') as number).toISOString()).toBe('2030-06-16T00:00:00.000Z');
    expect(campaignAvailability(c('active', null, '2030-06-15'), NOW).state).toBe('open');
    expect(campaignAvailability(c('active', null, '2030-06-14'), NOW).state).toBe('ended');
    expect(campaignAvailability(c('active', null, '2030-06-15T11:59:59Z'), NOW).state).toBe('ended');
  });

  it('ended wins over paused, paused over not-started', () => {
    expect(campaignAvailability(c('paused', null, '2030-01-01'), NOW).state).toBe('ended');
    expect(campaignAvailability(c('paused', '2031-01-01'), NOW).state).toBe('paused');
    expect(campaignAvailability(c('active', '2030-06-16'), NOW)).toEqual({
      state: 'not-started',
      startsAt: '2030-06-16T00:00:00.000Z',
    });
  });

  it('the next change is the nearest future start or end instant', () => {
    expect(nextAvailabilityChange(c('active', '2030-06-16', '2030-07-01'), NOW)).toBe(
      Date.parse('2030-06-16T00:00:00Z'),
    );
    expect(nextAvailabilityChange(c('active', '2030-01-01', '2030-06-15'), NOW)).toBe(
      Date.parse('2030-06-16T00:00:00Z'),
    );
    expect(nextAvailabilityChange(c('active', '2030-01-01'), NOW)).toBeNull();
  });

  it('the dashboard shows active or paused campaigns past their end as ended', () => {
    expect(effectiveStatus(c('active', null, '2030-01-01'), NOW)).toBe('ended');
    expect(effectiveStatus(c('paused', null, '2030-01-01'), NOW)).toBe('ended');
    expect(effectiveStatus(c('draft', null, '2030-01-01'), NOW)).toBe('draft');
    expect(effectiveStatus(c('active', null, '2031-01-01'), NOW)).toBe('active');
  });
});
