import { describe, expect, it } from 'vitest';
import {
  campaignEndedContent,
  type DigestFigures,
  digestContent,
  memberJoinedContent,
  milestoneContent,
  noticeBody,
} from './notification-mail.ts';

// Staff notification mail in the recipient's language: words from the server catalog,
// numbers and dates through Intl in that language; English exactly as before.

const figures: DigestFigures = {
  range: { from: '2026-11-16', to: '2026-11-22', tz: 'Europe/Berlin' },
  totals: {
    shares: 12345,
    clicks: 1,
    uniqueSupporters: 2000,
    openedIntents: 3,
    preparedPosts: 0,
  },
  assets: [{ assetId: 7, title: '', shares: 1, clicks: 1 }],
  campaigns: [{ id: 1, name: 'Saubere Flüsse', shares: 12345 }],
} as unknown as DigestFigures;

const body = (c: ReturnType<typeof digestContent>) => noticeBody(c, 'Flussverein', 'https://r.example/u');

describe('the digest mail', () => {
  it('in German: words, grouped numbers, dates and plurals of German', () => {
    const c = digestContent('de', 'weeklyDigest', 'Flussverein', figures, 'https://r.example/');
    expect(c.subject).toBe('Ihre wöchentliche Rally-Zusammenfassung');
    expect(body(c).split('\n')).toEqual([
      'Flussverein, 16. November bis 22. November 2026 (Europe/Berlin):',
      '',
      'Geteilte Beiträge: 12.345',
      'Unterstützer, die geteilt haben: 2.000',
      'Klicks auf Links: 1',
      'Geöffnete Teilen-Fenster: 3',
      'Vorbereitete Beiträge: 0',
      '(Geöffnete Teilen-Fenster und Vorbereitete Beiträge: Ob sie veröffentlicht wurden, ist nicht bekannt; sie zählen nicht zu den geteilten Beiträgen.)',
      'Top-Inhalt: Inhalt 7 (1 Mal geteilt, 1 Klick auf Links)',
      'Top-Kampagne: Saubere Flüsse (12.345 Mal geteilt)',
      '',
      'Mehr in Rally: https://r.example/',
      '',
      '--',
      'Sie erhalten diese E-Mail, weil in Ihren Benachrichtigungseinstellungen für Flussverein Folgendes eingeschaltet ist: die wöchentliche Zusammenfassung.',
      'Mit einem Klick ausschalten: https://r.example/u',
    ]);
  });

  it('in English: as it always was', () => {
    const day = { ...figures, range: { from: '2026-11-24', to: '2026-11-24', tz: 'UTC' } };
    const c = digestContent('en', 'newSupporters', 'River Club', day, 'https://r.example/');
    expect(c.subject).toBe('Your daily Rally digest');
    expect(noticeBody(c, 'River Club', 'https://r.example/u').split('\n')).toEqual([
      // Intl's en-GB long date, as the digest always had it (ICU's punctuation included).
      `River Club, ${new Date('2026-11-24T12:00:00Z').toLocaleDateString('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })} (UTC):`,
      '',
      'Shares: 12,345',
      'Supporters who shared: 2,000',
      'Click-throughs: 1',
      'Share Windows Opened: 3',
      'Posts Prepared: 0',
      '(Share Windows Opened and Posts Prepared are not known to be posted: they are not in the shares.)',
      'Top asset: asset 7 (1 share, 1 click-through)',
      'Top campaign: Saubere Flüsse (12,345 shares)',
      '',
      'More in Rally: https://r.example/',
      '',
      '--',
      'You get this email because the daily digest (new supporters) is on in your notification settings for River Club.',
      'Turn it off with one click: https://r.example/u',
    ]);
    const week = digestContent('en', 'weeklyDigest', 'River Club', figures, 'https://r.example/');
    expect(week.lines[0]).toBe('River Club, 16 November to 22 November 2026 (Europe/Berlin):');
  });

  it('in Arabic and Spanish: the period in their calendars words', () => {
    const es = digestContent('es', 'weeklyDigest', 'Club', figures, 'https://r.example/');
    expect(es.lines[0]).toBe('Club, del 16 de noviembre al 22 de noviembre de 2026 (Europe/Berlin):');
    const ar = digestContent('ar', 'weeklyDigest', 'Club', figures, 'https://r.example/');
    expect(ar.subject).toBe('ملخص Rally الأسبوعي');
    expect(ar.lines[2]).toBe(`المشاركات: ${new Intl.NumberFormat('ar').format(12345)}`);
  });
});

describe('the other notices', () => {
  const stats = {
    totalShares: 1500,
    uniqueSupporters: 3,
    clickThroughs: 2,
    platformBreakdown: { twitter: 1200, copy: 300 },
  };

  it('a campaign that ended, in French and in English', () => {
    const fr = campaignEndedContent(
      'fr',
      'Club',
      { name: 'Rivières', how: 'archived' },
      stats,
      'https://r/c/1',
    );
    expect(fr.subject).toBe('Une campagne est terminée');
    expect(fr.lines).toContain(
      '« Rivières » de Club a été archivée par votre équipe. Les sympathisants ne peuvent plus la partager.',
    );
    expect(fr.lines).toContain(`Plateformes principales : X ${(1200).toLocaleString('fr')}, Texte copié 300`);
    const en = campaignEndedContent(
      'en',
      'Club',
      { name: 'Rivers', how: 'end-date' },
      stats,
      'https://r/c/1',
    );
    expect(en.lines).toEqual([
      '"Rivers" of Club reached its end date. Supporters can no longer share it.',
      '',
      'Its figures, from start to end:',
      'Shares: 1,500',
      'Supporters who shared: 3',
      'Click-throughs: 2',
      'Top platforms: X 1,200, Copied text 300',
      '',
      'The campaign: https://r/c/1',
    ]);
  });

  it('a milestone and a new member, in Portuguese and in English', () => {
    const pt = milestoneContent(
      'pt-BR',
      'Clube',
      { name: 'Rios', milestone: 1000, totalShares: 1002 },
      'https://r/c',
    );
    expect(pt.subject).toBe('Uma campanha atingiu um marco');
    expect(pt.lines[0]).toBe(
      '“Rios” de Clube passou de 1.000 compartilhamentos: 1.002 compartilhamentos até agora.',
    );
    const en = milestoneContent(
      'en',
      'Club',
      { name: 'Rivers', milestone: 10, totalShares: 11 },
      'https://r/c',
    );
    expect(en.lines[0]).toBe('"Rivers" of Club passed 10 shares: 11 shares so far.');
    const joined = memberJoinedContent(
      'pt-BR',
      'Clube',
      { username: 'ana', name: 'Ana Lima', role: 'admin' },
      'https://r/s',
    );
    expect(joined.subject).toBe('Um novo membro entrou na sua organização');
    expect(joined.lines[0]).toBe('Ana Lima (ana) entrou em Clube como administrador.');
    const enJoined = memberJoinedContent(
      'en',
      'Club',
      { username: 'ana', name: '', role: 'editor' },
      'https://r/s',
    );
    expect(enJoined.lines).toEqual(['ana joined Club as editor.', '', 'Your team: https://r/s']);
  });
});
