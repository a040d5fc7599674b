import ipaddr from 'ipaddr.js';

/**
 * The client network an address belongs to, for per-network caps: an IPv4 address
 * as is, an IPv6 address by its /64 (one household or phone gets a whole /64, so
 * single IPv6 addresses are free to rotate), an IPv4-mapped IPv6 address unwrapped.
 */
export function networkKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}
