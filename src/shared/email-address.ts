/** Domains whose mailboxes ignore dots in the local part (one Gmail inbox, two domain names). */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The one form of an email address every limit, budget and hash keys on (reminder
 * caps, mail budgets, the unsubscribe and suppression hashes), so that every spelling
 * that reaches one mailbox counts as that mailbox:
 * - surrounding spaces trimmed, lower case;
 * - a `+tag` dropped from the local part (`boss+1@x` is `boss@x`);
 * - at gmail.com and googlemail.com, dots dropped from the local part and the domain
 *   written gmail.com (`v.i.c.t.i.m@googlemail.com` is `victim@gmail.com`).
 * It is a key for counting, never an address to mail or a proof of who confirmed:
 * mail goes to the address as it was typed (trimmed), and a confirmation holds for
 * that exact address only (mailboxForm).
 */
export function normalizeEmail(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1);
  const plus = local.indexOf('+');
  // A local part that is only a tag ("+x@host") keeps it: stripping would leave nothing.
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = 'gmail.com';
    // A local part of dots only keeps them: dropping would leave nothing.
    local = local.replaceAll('.', '') || local;
  }
  return `${local}@${domain}`;
}

/**
 * The exact mailbox an address names: trimmed, the domain in lower case (domains
 * ignore case), the local part as typed, `+tag` and dots included (whether they
 * matter is the receiving server's business). A reminder confirmation holds for this
 * form only.
 */
export function mailboxForm(address: string): string {
  const trimmed = address.trim();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return trimmed;
  return `${trimmed.slice(0, at)}@${trimmed.slice(at + 1).toLowerCase()}`;
}
