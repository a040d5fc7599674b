import { describe, expect, it } from 'vitest';
import { closedNotice } from './availability-text.ts';

describe('closedNotice', () => {
  it('says nothing while sharing is open', () => {
    expect(closedNotice({ state: 'open', endsAt: '2099-01-01T00:00:00.000Z' })).toBeNull();
  });

  it('names each closed state in plain words', () => {
    expect(closedNotice({ state: 'paused' })?.title).toBe('Sharing is paused for now');
    expect(closedNotice({ state: 'ended' })).toEqual({
      title: 'This campaign has ended',
      body: 'Thank you to everyone who shared.',
    });
  });

  it('gives the start date of a campaign that has not started', () => {
    const notice = closedNotice({ state: 'not-started', startsAt: '2099-06-15T00:00:00.000Z' });
    expect(notice?.title).toMatch(/^This campaign starts on .*2099/);
    expect(closedNotice({ state: 'not-started' })?.title).toBe('This campaign has not started yet');
  });
});
