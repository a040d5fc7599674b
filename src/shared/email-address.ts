/**
 * The one form of an email address every limit, budget and hash keys on (reminder
 * caps, mail budgets, the unsubscribe and suppression hashes): surrounding spaces
 * trimmed, lower case, and a `+tag` dropped from the local part, so `Boss@x`,
 * ` boss@x` and `boss+1@x` count as the one mailbox they reach. Mail still goes to
 * the address as it was typed (trimmed): the tag may matter to the recipient's filters.
 */
export function normalizeEmail(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return trimmed;
  const local = trimmed.slice(0, at);
  const plus = local.indexOf('+');
  // A local part that is only a tag ("+x@host") keeps it: stripping would leave nothing.
  return plus > 0 ? `${local.slice(0, plus)}${trimmed.slice(at)}` : trimmed;
}
