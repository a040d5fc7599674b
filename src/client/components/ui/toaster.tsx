import { useLingui } from '@lingui/react/macro';
import { XIcon } from 'lucide-react';
import { Toast as T } from 'radix-ui';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '#shared/constants.ts';
import { cn } from '#client/lib/utils.ts';
import { dismissToast, useToasts } from './use-toast.ts';

/** Radix toasts: swipe right past 50 px to dismiss, F8 focuses the region, 5 s auto-dismiss. */
/** Radix's placeholder in the viewport's label for its keyboard shortcut (F8). */
const HOTKEY = '{hotkey}';

export function Toaster() {
  const toasts = useToasts();
  const { t: translate } = useLingui();
  return (
    <T.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map((t) => (
        <T.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          data-testid="toast"
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-md border p-4 pe-8 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=closed]:hidden',
            t.variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'border-border bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            {t.title && <T.Title className="text-sm font-semibold">{t.title}</T.Title>}
            {t.description && <T.Description className="text-sm opacity-90">{t.description}</T.Description>}
            {t.action && (
              <T.Action altText={t.action.label} asChild>
                <button
                  type="button"
                  onClick={t.action.onClick}
                  className="mt-1 w-fit rounded-md border border-current px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
                >
                  {t.action.label}
                </button>
              </T.Action>
            )}
          </div>
          <T.Close
            aria-label={translate`Dismiss notification`}
            className="absolute end-2 top-2 rounded-md p-1 opacity-70"
          >
            <XIcon className="size-4" />
          </T.Close>
        </T.Root>
      ))}
      {/* On a phone the toasts sit at the top, clear of the action buttons a thumb reaches at the bottom. */}
      <T.Viewport
        // Radix puts the keyboard shortcut where {hotkey} stands: it is passed through as it is.
        label={translate`Notifications (${HOTKEY})`}
        className="fixed top-0 end-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:top-auto sm:bottom-0 sm:max-w-[420px] sm:flex-col-reverse"
      />
    </T.Provider>
  );
}
