import ipaddr from 'ipaddr.js';

/**
 * The key for "one network" in every address-keyed limit (sign-ups, login failures,
 * share writes, click budget). An IPv4 client is its address; an IPv6 client is its
 * /64, since one subscriber is routinely handed a whole /64 and could otherwise
 * rotate through 2^64 addresses. IPv4-mapped IPv6 (::ffff:a.b.c.d) is the IPv4 address.
 */
export function networkKey(ip: string): string {
  const text = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(text)) return ip;
  let addr = ipaddr.parse(text);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  }
  if (addr.kind() === 'ipv4') return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}
