import { t } from '@lingui/core/macro';
import { useSyncExternalStore } from 'react';
import { TOAST_REMOVE_DELAY_MS } from '#shared/constants.ts';
import { errorMessage, isTransient } from '#client/lib/api-client.ts';

// A tiny toast store: one toast visible at a time (a new one replaces the last),
// a dismissed one is removed from the list after TOAST_REMOVE_DELAY_MS.

export interface ToastData {
  id: number;
  title?: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  /** A button in the toast, e.g. Retry after a failure that may pass on a second try. */
  action?: { label: string; onClick: () => void };
  open: boolean;
}

type Listener = () => void;
let toasts: ToastData[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const emit = () => {
  for (const l of listeners) l();
};

export function toast(t: Omit<ToastData, 'id' | 'open'>): { id: number; dismiss: () => void } {
  const id = nextId++;
  toasts = [{ ...t, id, open: true }]; // limit 1
  emit();
  return { id, dismiss: () => dismissToast(id) };
}

/**
 * The destructive toast for a failed request: the server's message, plain words for
 * no answer or a server failure, else `fallback`. With `retry`, a failure that may
 * pass on a second try (no answer, 5xx, 429) offers a Retry button.
 */
export function toastError(title: string, err: unknown, fallback: string, retry?: () => void): void {
  toast({
    title,
    description: errorMessage(err, fallback),
    variant: 'destructive',
    action: retry && isTransient(err) ? { label: t`Retry`, onClick: retry } : undefined,
  });
}

type ToastText = Pick<ToastData, 'title' | 'description' | 'variant'>;

/**
 * The onSuccess/onError options of a mutation that toasts its outcome: `success` (or
 * the toast made from the result), then `onDone`. A failure toasts `failure` (a title
 * shown with the server's message, else `fallback`) or the toast made from the error.
 */
export function toastOutcome<R>(
  success: ToastText | ((result: R) => ToastText),
  failure: string | ((err: unknown) => ToastText),
  options: { fallback?: string; onDone?: (result: R) => void } = {},
) {
  return {
    onSuccess: (result: R) => {
      toast(typeof success === 'function' ? success(result) : success);
      options.onDone?.(result);
    },
    onError: (err: unknown) =>
      typeof failure === 'function'
        ? toast({ ...failure(err), variant: 'destructive' })
        : toastError(failure, err, options.fallback ?? t`Please try again.`),
  };
}

/** A submit handler whose failure shows `title` with the server's message (else `fallback`). */
export function toastOnFailure<T>(
  title: string,
  fallback: string,
  run: (values: T) => Promise<unknown>,
  /** Also called with the error (before the toast), e.g. to put a field's error on it. */
  onError?: (err: unknown) => void,
) {
  const attempt = async (values: T): Promise<void> => {
    try {
      await run(values);
    } catch (err) {
      onError?.(err);
      toastError(title, err, fallback, () => void attempt(values));
    }
  };
  return attempt;
}

export function dismissToast(id: number): void {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, TOAST_REMOVE_DELAY_MS);
}

const subscribe = (l: Listener) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useToasts(): ToastData[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
