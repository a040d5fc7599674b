import { describe, expect, it } from 'vitest';
import { buildReminderIcs, foldIcsLines } from './calendar-file.ts';

const utf8 = (s: string) => new TextEncoder().encode(s).length;
const unfold = (ics: string) => ics.replace(/\r\n /g, '');

describe('the calendar file', () => {
  it('folds lines at 75 octets, never inside a character', async () => {
    const text = `Ça compte pour moi 💚 ${'é'.repeat(60)} ${'日本語'.repeat(20)} 🌳🌳🌳`;
    const ics = await buildReminderIcs({
      when: new Date('2026-12-01T10:00:00Z'),
      title: `Share "${'ü'.repeat(50)}" for Oaks`,
      text,
      url: 'https://rally.example/supporter/1?ref=abc&a=2',
    });
    const lines = ics.split('\r\n');
    for (const line of lines) expect(utf8(line), line).toBeLessThanOrEqual(75);
    // Nothing lost or cut: a replacement character would mark a split multi-byte sequence.
    expect(ics).not.toContain('\uFFFD');
    expect(unfold(ics)).toContain(`DESCRIPTION:${text}\\n\\nhttps://rally.example/supporter/1?ref=abc&a=2`);
    expect(unfold(ics)).toContain(`SUMMARY:Share "${'ü'.repeat(50)}" for Oaks`);
  });

  it('leaves short lines alone and refolds long ASCII ones at exactly 75 octets', () => {
    expect(foldIcsLines('BEGIN:VCALENDAR\r\nEND:VCALENDAR')).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR');
    const long = `DESCRIPTION:${'a'.repeat(200)}`;
    const folded = foldIcsLines(long).split('\r\n');
    expect(folded[0]).toHaveLength(75);
    expect(folded.slice(1).every((l) => l.startsWith(' ') && utf8(l) <= 75)).toBe(true);
    expect(unfold(folded.join('\r\n'))).toBe(long);
  });
});
