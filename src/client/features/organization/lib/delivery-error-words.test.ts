import { describe, expect, it } from 'vitest';
import {
  WEBHOOK_DELIVERY_ERRORS,
  type WebhookDeliveryError,
  type WebhookErrorParams,
} from '#shared/schemas/webhooks.ts';
import { areaI18n } from '#client/lib/area-catalog.test-helper.ts';
import { deliveryErrorWords } from './delivery-error-words.ts';

// Every code the delivery log may hold, worded in the reader's language with its values.

const SAMPLES: Record<WebhookDeliveryError, { params: WebhookErrorParams; english: string; fr: string }> = {
  timeout: { params: { seconds: 10 }, english: 'No answer within 10 s', fr: 'Aucune réponse en 10 s' },
  unreachable: {
    params: { networkCode: 'ECONNREFUSED' },
    english: 'Could not reach the receiver (ECONNREFUSED)',
    fr: 'Impossible de joindre le destinataire (ECONNREFUSED)',
  },
  receiver_status: {
    params: { status: 503 },
    english: 'The receiver answered 503',
    fr: 'Le destinataire a répondu 503',
  },
  address_refused: {
    params: { host: 'hooks.example', address: '10.0.0.1' },
    english: 'Refusing to fetch hooks.example: it points to a private network address (10.0.0.1).',
    fr: 'Refusé : hooks.example pointe vers une adresse qui n’est pas publique (10.0.0.1). Seules les adresses publiques reçoivent des webhooks.',
  },
  host_not_resolved: {
    params: { host: 'hooks.example' },
    english: 'Could not resolve the host hooks.example',
    fr: 'Impossible de résoudre l’hôte hooks.example',
  },
  invalid_url: {
    params: {},
    english: 'Please enter a valid URL',
    fr: 'L’URL n’est pas une adresse http:// ou https:// valide',
  },
  protocol_not_allowed: {
    params: { protocol: 'http:' },
    english: 'Only https:// URLs are allowed (got http:)',
    fr: 'Ce serveur n’envoie pas de webhooks aux adresses http://',
  },
  credentials_in_url: {
    params: {},
    english: 'URLs with a user name or password cannot be fetched',
    fr: 'Les URL contenant un nom d’utilisateur ou un mot de passe ne reçoivent pas de webhooks',
  },
  refused: { params: {}, english: 'Refused', fr: 'L’adresse du destinataire a été refusée' },
};

describe('a delivery log error in the reader’s language', () => {
  it('words every code from its values in French; an English reader keeps the sender’s words', async () => {
    const fr = await areaI18n('organization', 'fr');
    const en = await areaI18n('organization', 'en');
    expect(Object.keys(SAMPLES)).toEqual([...WEBHOOK_DELIVERY_ERRORS]);
    for (const code of WEBHOOK_DELIVERY_ERRORS) {
      const { params, english, fr: french } = SAMPLES[code];
      const d = { error: english, errorCode: code, errorParams: params };
      expect(deliveryErrorWords(fr, d), code).toBe(french);
      expect(deliveryErrorWords(en, d), code).toBe(english);
    }
  });

  it('words each code in every language the workspace speaks', async () => {
    for (const locale of ['es', 'de', 'pt-BR', 'ar']) {
      const i18n = await areaI18n('organization', locale);
      for (const code of WEBHOOK_DELIVERY_ERRORS) {
        const { params, english } = SAMPLES[code];
        const words = deliveryErrorWords(i18n, { error: english, errorCode: code, errorParams: params });
        expect(words, `${locale} ${code}`).not.toBe(english);
        for (const value of Object.values(params))
          expect(words, `${locale} ${code}`).toContain(String(value));
      }
    }
  });

  it('shows an attempt logged before codes as its stored text', async () => {
    const fr = await areaI18n('organization', 'fr');
    expect(
      deliveryErrorWords(fr, { error: 'No answer within 10 s', errorCode: null, errorParams: null }),
    ).toBe('No answer within 10 s');
    expect(deliveryErrorWords(fr, { error: null, errorCode: null, errorParams: null })).toBeNull();
  });
});
