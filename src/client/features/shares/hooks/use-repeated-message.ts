import { useEffect, useState } from 'react';
import { MAX_PERSONAL_MESSAGE } from '#shared/constants.ts';
import type { MessageCheck } from '#shared/schemas/shares.ts';
import { checkMessage } from '../api/check-message.ts';

/** Wait for a pause in typing before asking, so a message costs one check, not one per key. */
export const MESSAGE_CHECK_DEBOUNCE_MS = 600;
/** Shorter messages ("Yes!", "Read this") are not worth a nudge (blocked words are checked at any length). */
export const MIN_CHECKED_MESSAGE_LENGTH = 12;

const NOTHING: MessageCheck = { repeated: false, blocked: [] };

/**
 * The server's answer for the message being written, after a pause in typing: whether
 * many shares of the asset already carried it (`repeated`, for messages of
 * MIN_CHECKED_MESSAGE_LENGTH or more), and its words the organisation does not allow
 * (`blocked`, as spelled). Nothing while unchecked, once the text has changed since the
 * answer, and when the check failed: the server still refuses a blocked word itself.
 */
export function useMessageCheck(assetId: number, message: string): MessageCheck {
  const [answer, setAnswer] = useState<{ text: string; check: MessageCheck } | null>(null);
  // Spacing is not part of a message (the server collapses it too), so it triggers no new check.
  const text = message.replace(/\s+/g, ' ').trim().slice(0, MAX_PERSONAL_MESSAGE);
  useEffect(() => {
    if (!text) return;
    let current = true;
    const timer = setTimeout(() => {
      checkMessage(assetId, text).then(
        (check) => {
          if (current) setAnswer({ text, check });
        },
        () => {
          if (current) setAnswer(null);
        },
      );
    }, MESSAGE_CHECK_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [assetId, text]);
  if (!answer || answer.text !== text) return NOTHING;
  return {
    repeated: answer.check.repeated && text.length >= MIN_CHECKED_MESSAGE_LENGTH,
    blocked: answer.check.blocked,
  };
}
