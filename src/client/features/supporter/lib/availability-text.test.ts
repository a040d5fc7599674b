import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { closedNotice } from './availability-text.ts';

// The notice as the catalogs' English renders it (each message is its own fallback).
const en = setupI18n({ locale: 'en', messages: { en: {} } });
en.setMessagesCompiler(compileMessage);
const words = (a: Parameters<typeof closedNotice>[0]) => {
  const notice = closedNotice(a);
  return (
    notice && {
      title: en._(notice.title.id, notice.values, { message: notice.title.message }),
      body: en._(notice.body.id, notice.values, { message: notice.body.message }),
    }
  );
};

describe('closedNotice', () => {
  it('says nothing while sharing is open', () => {
    expect(closedNotice({ state: 'open', endsAt: '2099-01-01T00:00:00.000Z' })).toBeNull();
  });

  it('names each closed state in plain words', () => {
    expect(words({ state: 'paused' })?.title).toBe('Sharing is paused for now');
    expect(words({ state: 'ended' })).toEqual({
      title: 'This campaign has ended',
      body: 'Thank you to everyone who shared.',
    });
  });

  it("gives the start date of a campaign that has not started, in the reader's language", () => {
    const startsAt = '2099-06-15T12:00:00.000Z';
    expect(words({ state: 'not-started', startsAt })?.title).toBe('This campaign starts on June 15, 2099');
    const es = setupI18n({ locale: 'es', messages: { es: {} } });
    es.setMessagesCompiler(compileMessage);
    const notice = closedNotice({ state: 'not-started', startsAt });
    expect(es._(notice!.title.id, notice!.values, { message: notice!.title.message })).toBe(
      'This campaign starts on 15 de junio de 2099',
    );
    expect(words({ state: 'not-started' })?.title).toBe('This campaign has not started yet');
  });
});
