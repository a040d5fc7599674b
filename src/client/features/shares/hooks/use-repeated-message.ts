import { useEffect, useState } from 'react';
import { checkMessage } from '../api/check-message.ts';

/** Wait for a pause in typing before asking, so a message costs one check, not one per key. */
export const MESSAGE_CHECK_DEBOUNCE_MS = 600;
/** Shorter messages ("Yes!", "Read this") are not worth a nudge: they are not checked. */
export const MIN_CHECKED_MESSAGE_LENGTH = 12;

/**
 * Whether the message being written is one that many shares of the asset already
 * carried (the server's answer for the current text, after a pause in typing). False
 * while unchecked, once the text has changed since the answer, and when the check
 * failed: the nudge is a suggestion, so a failure simply shows none.
 */
export function useRepeatedMessage(assetId: number, message: string): boolean {
  const [repeatedText, setRepeatedText] = useState<string | null>(null);
  // Spacing is not part of a message (the server collapses it too), so it triggers no new check.
  const text = message.replace(/\s+/g, ' ').trim();
  useEffect(() => {
    if (text.length < MIN_CHECKED_MESSAGE_LENGTH) return;
    let current = true;
    const timer = setTimeout(() => {
      checkMessage(assetId, text).then(
        (repeated) => {
          if (current) setRepeatedText(repeated ? text : null);
        },
        () => {
          if (current) setRepeatedText(null);
        },
      );
    }, MESSAGE_CHECK_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [assetId, text]);
  return repeatedText !== null && repeatedText === text;
}
