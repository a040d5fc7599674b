import { useCallback, useSyncExternalStore } from 'react';
import { windowSubscription } from './window-subscription.ts';

// One query parameter of the page's address, for screens that run without the router
// (the public supporter page, which main.tsx starts without it): written with the
// History API and read again on back and forward.

const { subscribe, notify } = windowSubscription('popstate');

/** How a value is written: in place of the current history entry; without telling readers. */
interface WriteOptions {
  replace?: boolean;
  /** For a value the page already acts on (nothing to show anew): no reader re-renders. */
  quiet?: boolean;
}

/**
 * The parameter's value (null when absent) and a setter that writes it into the address,
 * as a new history entry or, with `replace`, in place of the current one.
 */
export function useSearchParam(name: string): [string | null, (value: string, opts?: WriteOptions) => void] {
  const value = useSyncExternalStore(subscribe, () => new URLSearchParams(location.search).get(name));
  const set = useCallback(
    (next: string, { replace = false, quiet = false }: WriteOptions = {}) => {
      const url = new URL(location.href);
      if (url.searchParams.get(name) === next) return;
      url.searchParams.set(name, next);
      if (replace) history.replaceState(history.state, '', url);
      else history.pushState(null, '', url);
      if (!quiet) notify();
    },
    [name],
  );
  return [value, set];
}
