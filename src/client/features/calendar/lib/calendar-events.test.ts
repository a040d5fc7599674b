import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ScheduledShareItem } from '#shared/schemas/shares.ts';
import { buildCalendarEvents } from './calendar-events.ts';

// English, the source language: the messages' own words, with no catalog loaded.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('calendar entries of scheduled shares', () => {
  it('name the platform as the product shows it, not by its id', () => {
    const share = (id: number, platform: string) =>
      ({
        id,
        assetId: 1,
        campaignId: 2,
        platform,
        scheduledFor: '2026-12-01T10:00:00.000Z',
        assetTitle: 'Banner',
        campaignName: 'Oaks',
      }) as ScheduledShareItem;
    const events = buildCalendarEvents([], [], [share(1, 'twitter'), share(2, 'all')]);
    expect(events.map((e) => e.detail)).toEqual([
      'Scheduled share (X) for Oaks',
      'Scheduled share (all platforms) for Oaks',
    ]);
  });
});
