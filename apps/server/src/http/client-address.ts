// The address a per-client limit counts under. An IPv6 client is given a whole /64 (a home line,
// a cloud host), so its 2^64 addresses count as one: '2001:db8:7:1::/64', as @fastify/rate-limit
// keys the public routes. An IPv4-mapped IPv6 address ('::ffff:198.51.100.7') is its IPv4 address;
// an IPv4 address is itself.
import { isIPv4, isIPv6 } from 'node:net';

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail read as two of them). */
function groupsOf(address: string): number[] {
  const ipv4Tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address)?.[1];
  let text = address;
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail.split('.').map(Number) as [number, number, number, number];
    text = `${address.slice(0, -ipv4Tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (side: string) =>
    side === '' ? [] : side.split(':').map((group) => Number.parseInt(group, 16));
  const first = part(head);
  const last = tail === undefined ? [] : part(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

export function clientAddressKey(ip: string): string {
  const address = ip.split('%')[0] ?? ip; // no zone index ('fe80::1%eth0')
  if (isIPv4(address) || !isIPv6(address)) return address;
  const mapped = MAPPED_IPV4.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  const prefix = groupsOf(address.toLowerCase()).slice(0, 4);
  return `${prefix.map((group) => group.toString(16)).join(':')}::/64`;
}
