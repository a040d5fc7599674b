import { useCallback, useEffect, useRef, useState } from 'react';
import { COPIED_CONFIRMATION_MS } from '#shared/constants.ts';

/** Copies text to the clipboard; `copied` stays true for 2 s after a success (SPEC.md section 4). */
export function useCopyLink() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = useCallback(async (text: string): Promise<boolean> => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return false;
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_CONFIRMATION_MS);
    return true;
  }, []);

  return { copied, copy };
}
