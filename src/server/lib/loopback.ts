/**
 * Requests from this machine itself: local tooling and test runs, and a same-host
 * proxy when TRUST_PROXY is unset, where one shared budget for every client would
 * turn an abuse guard into an outage. TCP cannot spoof these addresses.
 */
export const isLoopback = (ip: string): boolean =>
  ip.startsWith('127.') || ip === '::1' || ip.startsWith('::ffff:127.');
