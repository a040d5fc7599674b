import { describe, expect, it } from 'vitest';
import { firstSchedulableDay, SLOT_GROUPS, slotGroupsOn } from './time-slots.ts';

const labels = (groups: typeof SLOT_GROUPS) => groups.flatMap((g) => g.slots.map((s) => s.label));

describe('the time slots offered', () => {
  const now = new Date(2026, 10, 27, 14, 10);

  it('offers only the slots still ahead today', () => {
    const today = labels(slotGroupsOn(new Date(2026, 10, 27), now));
    expect(today[0]).toBe('2:30 PM');
    expect(today).not.toContain('2:00 PM');
    expect(today).not.toContain('9:00 AM');
    expect(slotGroupsOn(new Date(2026, 10, 27), now).map((g) => g.key)).toEqual(['evening']);
  });

  it('offers every slot on a later day, and before a day is picked', () => {
    expect(labels(slotGroupsOn(new Date(2026, 10, 28), now))).toEqual(labels(SLOT_GROUPS));
    expect(slotGroupsOn(undefined, now)).toBe(SLOT_GROUPS);
  });

  it('starts at tomorrow once the last slot of today has passed', () => {
    expect(firstSchedulableDay(now)).toEqual(new Date(2026, 10, 27));
    expect(firstSchedulableDay(new Date(2026, 10, 27, 20, 45))).toEqual(new Date(2026, 10, 28));
  });
});
