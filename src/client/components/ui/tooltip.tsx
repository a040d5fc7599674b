import { Tooltip as T } from 'radix-ui';
import type * as React from 'react';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '#shared/constants.ts';

/** Tooltips open after 700 ms of hover, at once if another closed within the last 300 ms. */
export function TooltipProvider({ children }: { children: React.ReactNode }) {
  return (
    <T.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </T.Provider>
  );
}

/** `open` makes it shown exactly while true (a confirmation), instead of on hover and focus. */
export function Tooltip({
  content,
  open,
  children,
}: {
  content: React.ReactNode;
  open?: boolean;
  children: React.ReactNode;
}) {
  return (
    <T.Root open={open}>
      <T.Trigger asChild>{children}</T.Trigger>
      <T.Portal>
        <T.Content sideOffset={4} className="z-50 rounded-md bg-slate-900 px-3 py-1.5 text-xs text-white">
          {content}
        </T.Content>
      </T.Portal>
    </T.Root>
  );
}
