import { useSyncExternalStore } from 'react';
import { TOAST_REMOVE_DELAY_MS } from '#shared/constants.ts';
import { errorMessage } from '#client/lib/api-client.ts';

// A tiny toast store: one toast visible at a time (a new one replaces the last),
// a dismissed one is removed from the list after TOAST_REMOVE_DELAY_MS.

export interface ToastData {
  id: number;
  title?: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
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

/** The destructive toast for a failed request: the server's message, else `fallback`. */
export function toastError(title: string, err: unknown, fallback: string): void {
  toast({ title, description: errorMessage(err, fallback), variant: 'destructive' });
}

/** A submit handler whose failure shows `title` with the server's message (else `fallback`). */
export function toastOnFailure<T>(title: string, fallback: string, run: (values: T) => Promise<unknown>) {
  return async (values: T): Promise<void> => {
    try {
      await run(values);
    } catch (err) {
      toastError(title, err, fallback);
    }
  };
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
