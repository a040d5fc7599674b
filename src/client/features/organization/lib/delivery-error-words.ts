import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { WebhookDelivery } from '#shared/schemas/webhooks.ts';
import { readsEnglish } from '#client/lib/error-words.ts';

// A webhook attempt's failure in the reader's language, from its `errorCode` and
// `errorParams` (docs/api.md "Integrations > Endpoints"). An English reader keeps the
// sender's own words (`error`: the most precise, e.g. which private range an address
// is in), as for refusals (lib/error-words.ts); an attempt logged before codes has
// only those words, in every language.

type Failure = Pick<WebhookDelivery, 'error' | 'errorCode' | 'errorParams'>;

export function deliveryErrorWords(i18n: I18n, d: Failure): string | null {
  if (d.errorCode === null || (readsEnglish(i18n) && d.error)) return d.error;
  const p = d.errorParams ?? {};
  switch (d.errorCode) {
    case 'timeout': {
      const seconds = i18n.number(p.seconds ?? 10);
      return i18n._(msg`No answer within ${seconds} s`);
    }
    case 'unreachable': {
      const networkCode = p.networkCode;
      return networkCode
        ? i18n._(msg`Could not reach the receiver (${networkCode})`)
        : i18n._(msg`Could not reach the receiver`);
    }
    case 'receiver_status': {
      const status = String(p.status ?? '');
      return i18n._(msg`The receiver answered ${status}`);
    }
    case 'address_refused': {
      const host = p.host ?? '';
      const address = p.address ?? '';
      return i18n._(
        msg`Refused: ${host} points to an address that is not public (${address}). Only public addresses receive webhooks.`,
      );
    }
    case 'host_not_resolved': {
      const host = p.host ?? '';
      return i18n._(msg`Could not resolve the host ${host}`);
    }
    case 'invalid_url':
      return i18n._(msg`The URL is not a valid http:// or https:// address`);
    case 'protocol_not_allowed': {
      const protocol = p.protocol ?? '';
      return i18n._(msg`This server does not send webhooks to ${protocol}// addresses`);
    }
    case 'credentials_in_url':
      return i18n._(msg`URLs with a user name or password do not receive webhooks`);
    case 'refused':
      return i18n._(msg`The receiver's address was refused`);
    default:
      return d.error;
  }
}
