import { describe, expect, it } from 'vitest';
import { confirmationMail } from './reminder-addresses.ts';
import { type DueReminder, pushPayload, reminderMail } from './reminder-delivery.ts';

// Reminder mails and pushes are worded in the language the share was scheduled in
// (docs/api.md "Languages"), from the server catalog; staff's words come in as they are.
const due: DueReminder & { email: string } = {
  id: 1,
  shareId: 2,
  organizationId: 3,
  email: 'a@example.org',
  emailKey: 'k',
  pushSubscription: null,
  origin: 'https://rally.example',
  attempts: 0,
  ref: null,
  text: null,
  campaignId: 4,
  campaignName: 'Robles',
  campaignDescription: null,
  assetType: 'text',
  assetContent: 'Salvemos los robles',
  assetShareText: null,
  assetDescription: null,
  organizationName: 'Amigos',
};

describe('reminder words', () => {
  it('word the reminder mail in the share’s language, staff’s words untouched', () => {
    const mail = reminderMail({ ...due, locale: 'es' }, 'https://x/unsub', 'https://x/data');
    expect(mail.subject).toBe('Su recordatorio para compartir');
    expect(mail.text).toContain('Es hora de compartir «Salvemos los robles» para Robles.');
    expect(mail.text).toContain('Darse de baja de los recordatorios de Amigos: https://x/unsub');
    expect(reminderMail(due, 'u', 'd').subject).toBe('Your reminder to share');
  });

  it('word the push and the confirmation mail, plurals by the language’s rules', () => {
    expect(pushPayload({ ...due, locale: 'de' }).title).toBe('Zeit, „Salvemos los robles“ zu teilen');
    expect(pushPayload({ ...due, locale: 'fr' }).body).toBe('Votre partage pour Robles est prêt.');
    const fr = confirmationMail('a@example.org', 'https://x/c', 'rally.example', 1, 'fr');
    expect(fr.text).toContain('le lien est valable 1 jour');
    const ar = confirmationMail('a@example.org', 'https://x/c', 'rally.example', 2, 'ar');
    expect(ar.text).toContain('يومين');
    expect(confirmationMail('a@example.org', 'l', 'h', 7).text).toContain('the link works for 7 days');
  });
});
