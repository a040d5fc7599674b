/**
 * A `subscribe` for useSyncExternalStore over state the browser holds (the address,
 * localStorage): its listeners hear `notify` (this tab changed it) and the window's
 * `event` (the browser did: back and forward, another tab's write).
 */
export function windowSubscription(event: 'popstate' | 'storage') {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      window.addEventListener(event, listener);
      return () => {
        listeners.delete(listener);
        window.removeEventListener(event, listener);
      };
    },
    notify(): void {
      for (const listener of listeners) listener();
    },
  };
}
