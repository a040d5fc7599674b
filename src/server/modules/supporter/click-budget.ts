// How many click-throughs one client network (clientNetwork: IPv4 address or IPv6
// /64) may have counted per minute. Visitor cookies are random ids the server cannot
// tell from made-up ones, so a script that sends a fresh (or forged) cookie with every
// request would otherwise add a click, and a row, per request to any campaign it likes. The page is still served past the
// budget; only the count stops. Generous, because carrier NAT puts many phones behind
// one address. Per instance and in memory, like the share write limit.

export const CLICKS_PER_ADDRESS_PER_MINUTE = 60;
const WINDOW_MS = 60_000;
/** Size bound: addresses are client input too. */
const MAX_ADDRESSES = 10_000;

interface Window {
  start: number;
  count: number;
}

/** Fixed one-minute windows per network key, in a map that never holds more than MAX_ADDRESSES. */
export class ClickBudget {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly perMinute = CLICKS_PER_ADDRESS_PER_MINUTE,
    private readonly maxAddresses = MAX_ADDRESSES,
  ) {}

  /** Takes one click from the address's budget; false when it is spent for this minute. */
  take(address: string, now = Date.now()): boolean {
    let w = this.windows.get(address);
    if (!w || now - w.start >= WINDOW_MS) {
      if (w) this.windows.delete(address);
      else if (this.windows.size >= this.maxAddresses) this.evict();
      w = { start: now, count: 0 };
      // Re-inserted, so the map stays in window-start order and eviction drops the oldest.
      this.windows.set(address, w);
    }
    if (w.count >= this.perMinute) return false;
    w.count++;
    return true;
  }

  get size(): number {
    return this.windows.size;
  }

  /** Drops the entry with the oldest window (the map is in window-start order). */
  private evict(): void {
    const oldest = this.windows.keys().next().value;
    if (oldest !== undefined) this.windows.delete(oldest);
  }
}
