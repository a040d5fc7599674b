import { useLingui } from '@lingui/react/macro';
import { XIcon } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import { useState } from 'react';
import type * as React from 'react';
import { cn } from '#client/lib/utils.ts';
import { withClasses } from './with-classes.ts';

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

export function DialogContent({ className, children, ...props }: React.ComponentProps<typeof D.Content>) {
  const { t } = useLingui();
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-50 bg-black/60" />
      <D.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border border-border bg-white p-6 shadow-lg',
          className,
        )}
        {...props}
      >
        {children}
        <D.Close
          className="absolute end-4 top-4 rounded-sm opacity-70 hover:opacity-100"
          aria-label={t`Close`}
        >
          <XIcon className="size-4" />
        </D.Close>
      </D.Content>
    </D.Portal>
  );
}

export const DialogHeader = withClasses('div', 'flex flex-col gap-1.5 text-center sm:text-start');
export const DialogFooter = withClasses('div', 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end');
export const DialogTitle = withClasses(D.Title, 'text-lg font-semibold leading-none');
export const DialogDescription = withClasses(D.Description, 'text-sm text-muted-foreground');

/**
 * A dialog's frame: an optional trigger, then the title and description above the
 * content. The description is `dir="auto"`: it often quotes a name a user typed.
 */
export function TitledDialog({
  trigger,
  title,
  description,
  contentClassName,
  children,
  ...root
}: React.ComponentProps<typeof D.Root> & {
  trigger?: React.ReactNode;
  title: React.ReactNode;
  description: React.ReactNode;
  contentClassName?: string;
}) {
  return (
    <Dialog {...root}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent className={contentClassName}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription dir="auto">{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/**
 * A button that opens a titled dialog around a form. The form mounts only while the
 * dialog is open, so every opening starts blank; it closes the dialog through `close`.
 */
export function FormDialog({
  children,
  ...frame
}: {
  trigger: React.ReactNode;
  title: string;
  description: string;
  children: (close: () => void) => React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <TitledDialog open={open} onOpenChange={setOpen} {...frame}>
      {open && children(() => setOpen(false))}
    </TitledDialog>
  );
}
