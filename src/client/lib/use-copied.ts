import { t } from '@lingui/core/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { COPIED_CONFIRMATION_MS } from '#shared/constants.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { copyText } from './clipboard.ts';

export interface CopyNotice {
  title: string;
  description?: string;
}

/**
 * The one copy confirmation: after a successful copy `copied` is true for 2 s (the
 * button reads 'Copied!') and `notice` toasts; a refused copy toasts 'Failed to copy'.
 */
export function useCopied(notice: CopyNotice) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { title, description } = notice;

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = useCallback(
    async (text: string): Promise<boolean> => {
      if (!(await copyText(text))) {
        toast({
          title: t`Failed to copy`,
          description: t`Please try again or copy manually`,
          variant: 'destructive',
        });
        return false;
      }
      toast({ title, description });
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_CONFIRMATION_MS);
      return true;
    },
    [title, description],
  );

  return { copied, copy };
}
