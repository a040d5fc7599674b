import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { exportListSections, HELD_SECTION_WORDS, heldCounts, supporterDataExportSchema } from './my-data.ts';

const emptyExport = () =>
  supporterDataExportSchema.parse({
    exportedAt: '2026-01-01T00:00:00.000Z',
    visitorIds: ['visitor000000000000000001'],
    shares: [],
    scheduledShares: [],
    reminders: [],
    referralLinks: [],
    clickThroughs: [],
    visits: [],
    textsShown: [],
    figures: { campaigns: [], organizations: [], days: [], topSupporterDays: [] },
    reminderAddresses: [],
    unsubscribed: [],
    unsubscribeLinks: [],
    mail: [],
    dataLinks: [],
    displayNames: [],
  });

// The words as the catalogs' English renders them (the message is its own fallback).
const en = setupI18n({ locale: 'en', messages: { en: {} } });
en.setMessagesCompiler(compileMessage);
const words = (held: ReturnType<typeof heldCounts>) =>
  held.map((c) => en._(c.words.id, { count: c.count }, { message: c.words.message }));

describe('heldCounts', () => {
  it('knows every list of the export, nested ones included, and nothing else', () => {
    expect(Object.keys(HELD_SECTION_WORDS).sort()).toEqual(exportListSections().sort());
  });

  it('finds nothing held in an empty export, whatever visitor id it names', () => {
    expect(heldCounts(emptyExport())).toEqual([]);
  });

  it('counts every section, a visit or a figure alone included, in words', () => {
    const campaign = { id: 1, name: 'River' };
    for (const section of exportListSections()) {
      const data = emptyExport() as unknown as Record<string, Record<string, unknown[]>>;
      const [group, key] = section.split('.') as [string, string | undefined];
      if (key) data[group]![key] = [{}];
      else (data as unknown as Record<string, unknown[]>)[group] = [{}];
      expect(
        heldCounts(data as never).map((c) => c.section),
        section,
      ).toEqual([section]);
    }
    const data = emptyExport();
    data.visits.push(
      { campaign, day: '2026-01-01', source: null },
      { campaign, day: '2026-01-02', source: 'qr' },
    );
    data.figures.days.push({ campaign, day: '2026-01-01', shares: 1, clicks: 0 });
    expect(words(heldCounts(data))).toEqual([
      '2 campaign page visits',
      '1 day of your shares in the figures',
    ]);
    const addresses = emptyExport();
    const address = {
      organization: campaign,
      status: 'confirmed',
      createdAt: '',
      addressKey: 'k',
      mailboxKey: 'm',
      confirmedAt: null,
    };
    addresses.reminderAddresses.push(address, address);
    expect(words(heldCounts(addresses))).toEqual(['2 reminder addresses']);
  });
});
