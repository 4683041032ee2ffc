import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of a valid IPv6 address, its `::` expanded and a trailing dotted IPv4 read as two groups. */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0] ?? '';
  const dotted = text.match(/^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(2).map(Number) as [number, number, number, number];
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const before = groupsOf(head);
  const after = tail === undefined ? [] : groupsOf(tail);
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
}

const notAnAddress = 'not-an-address';

/**
 * The key under which every per-address limit counts a client (rate limits, login lock-out,
 * views, connections): an IPv4 address as it is, an IPv4-mapped IPv6 address as its IPv4, any
 * other IPv6 address as its /64. A /64 is one subscriber's network, where a client takes as many
 * addresses as it likes, so counting whole IPv6 addresses would leave it unlimited.
 * deploy/nginx/snippets/media-and-limits.conf keys nginx's limits the same way.
 */
export function rateLimitKey(forwarded: string): string {
  // A trusted proxy may still pass on what a client wrote: a bracketed IPv6 is that address; what
  // is no address at all shares one key, so that a made-up string gets no budget of its own.
  const address = /^\[.*\]$/.test(forwarded) ? forwarded.slice(1, -1) : forwarded;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return notAnAddress;
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
