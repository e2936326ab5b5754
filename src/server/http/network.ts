import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a client address counts as in every limit per address (failed logins, the
 * contact form, log entries written once per address): an IPv4 address by itself, an
 * IPv6 address by its /64. A single IPv6 connection usually gets a whole /64 from its
 * provider and can pick any address in it, so counting single IPv6 addresses would let
 * one visitor try 2^64 times as often. IPv4-mapped IPv6 (`::ffff:192.0.2.1`, as a
 * dual-stack socket reports IPv4 clients) is that IPv4 address.
 *
 * One canonical spelling (RFC 5952: lower case, no leading zeros, the longest run of
 * zeros as `::`) so that every way of writing the same network counts as one. Anything
 * that is not an IP address is counted as given.
 */
export function networkOf(address: string): string {
  const trimmed = address.trim();
  if (isIPv4(trimmed)) return trimmed;
  // A zone (fe80::1%eth0) names the interface, not a different network.
  const bare = trimmed.replace(/%.*$/, '');
  if (!isIPv6(bare)) return trimmed;
  const hextets = ipv6Hextets(bare);
  if (hextets.slice(0, 5).every((part) => part === 0) && hextets[5] === 0xffff) {
    const [high = 0, low = 0] = hextets.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${formatIPv6([...hextets.slice(0, 4), 0, 0, 0, 0])}/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (also with an IPv4 tail). */
function ipv6Hextets(address: string): number[] {
  const groupsOf = (part: string): number[] => {
    if (part === '') return [];
    return part.split(':').flatMap((group) => {
      if (!group.includes('.')) return [Number.parseInt(group, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
      return [(a << 8) | b, (c << 8) | d];
    });
  };
  const [head = '', tail] = address.split('::');
  const front = groupsOf(head);
  if (tail === undefined) return front;
  const back = groupsOf(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** RFC 5952 §4: the longest run of two or more zero groups (the first of equals) becomes `::`. */
function formatIPv6(hextets: number[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < hextets.length; ) {
    if (hextets[start] !== 0) {
      start += 1;
      continue;
    }
    let end = start;
    while (end < hextets.length && hextets[end] === 0) end += 1;
    if (end - start > bestLength) {
      bestStart = start;
      bestLength = end - start;
    }
    start = end;
  }
  const hex = (parts: number[]) => parts.map((part) => part.toString(16)).join(':');
  if (bestStart < 0) return hex(hextets);
  return `${hex(hextets.slice(0, bestStart))}::${hex(hextets.slice(bestStart + bestLength))}`;
}
