import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { formatAgo, formatBytes, formatLag } from './format.ts';

// English stays as the console always wrote it; another language gets its own numbers
// and relative times (the words come from the catalogs, loaded by the page).
const en = setupI18n({ locale: 'en', messages: { en: {} } });
const de = setupI18n({ locale: 'de', messages: { de: {} } });
const es = setupI18n({ locale: 'es', messages: { es: {} } });

describe('the console formats', () => {
  it('bytes: whole bytes below a kilobyte, one decimal below ten units, in the reader’s digits', () => {
    expect(formatBytes(en, 512)).toBe('512 bytes');
    expect(formatBytes(en, 1536)).toBe('1.5 KB');
    expect(formatBytes(en, 50 * 1024 * 1024)).toBe('50 MB');
    expect(formatBytes(de, 1536)).toBe('1,5 KB');
  });

  it('how long ago: the largest whole unit, rounded, as the language says it', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(formatAgo(en, '2026-11-28T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatAgo(en, '2026-11-28T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatAgo(en, '2026-11-28T11:59:30Z', now)).toBe('30 seconds ago');
    expect(formatAgo(es, '2026-11-28T11:55:00Z', now)).toBe('hace 5 minutos');
  });

  it('lag: none, seconds, minutes, hours and minutes', () => {
    expect(formatLag(en, 0)).toBe('none');
    expect(formatLag(en, 45)).toBe('45 s');
    expect(formatLag(en, 12 * 60)).toBe('12 min');
    expect(formatLag(en, 3 * 3600 + 5 * 60)).toBe('3 h 5 min');
    expect(formatLag(en, 2 * 3600)).toBe('2 h');
  });
});
