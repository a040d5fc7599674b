import { Trans } from '@lingui/react/macro';
import { AlertDialog as A } from 'radix-ui';
import { useState } from 'react';
import type * as React from 'react';
import { Button, type ButtonProps } from './button.tsx';

/**
 * A button that asks before it acts: the dialog says what will happen, Cancel keeps
 * things as they are, and the confirm button runs `onConfirm` (the dialog stays open
 * while it runs and closes when it succeeds).
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  pendingLabel,
  onConfirm,
}: {
  trigger: React.ReactNode;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  onConfirm: () => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const confirm = async (e: React.MouseEvent) => {
    e.preventDefault(); // closed by hand once the action succeeded
    setPending(true);
    try {
      await onConfirm();
      setOpen(false);
    } catch {
      // The action reports its own failure (a toast); the dialog stays for another try.
    } finally {
      setPending(false);
    }
  };
  return (
    <A.Root open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <A.Trigger asChild>{trigger}</A.Trigger>
      <A.Portal>
        <A.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <A.Content className="fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border border-border bg-white p-6 shadow-lg">
          <A.Title className="text-lg font-semibold leading-none">{title}</A.Title>
          <A.Description asChild>
            <div className="space-y-2 text-sm text-muted-foreground">{description}</div>
          </A.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <A.Cancel asChild>
              <Button variant="outline" disabled={pending}>
                <Trans>Cancel</Trans>
              </Button>
            </A.Cancel>
            <A.Action asChild>
              <Button variant="destructive" disabled={pending} onClick={confirm}>
                {pending ? pendingLabel : confirmLabel}
              </Button>
            </A.Action>
          </div>
        </A.Content>
      </A.Portal>
    </A.Root>
  );
}

/** The common case of ConfirmDialog: its trigger is a plain button with these props. */
export function ConfirmButton({
  title,
  description,
  confirmLabel,
  onConfirm,
  children,
  ...trigger
}: {
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<unknown> | undefined;
  children: React.ReactNode;
} & Pick<ButtonProps, 'size' | 'variant' | 'className' | 'aria-label'>) {
  return (
    <ConfirmDialog
      trigger={<Button {...trigger}>{children}</Button>}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      pendingLabel={`${confirmLabel}…`}
      onConfirm={async () => onConfirm()}
    />
  );
}
