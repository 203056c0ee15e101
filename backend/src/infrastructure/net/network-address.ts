import { isIP } from 'node:net';

/**
 * What kind of address an interface source would reach (issue 31 item 15). Only 'public' may be fetched without the
 * allow-list; everything else is inside the school's network, the machine itself or cloud metadata.
 */
export type AddressKind =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'multicast'
  | 'reserved'
  | 'invalid';

type Range4 = readonly [prefix: string, bits: number, kind: Exclude<AddressKind, 'public' | 'invalid'>];

/** IPv4 ranges that are not the public internet (IANA special-purpose registry). */
const RANGES_4: readonly Range4[] = [
  ['0.0.0.0', 8, 'unspecified'], // "this network"; 0.0.0.0 itself reaches the machine
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared'], // carrier-grade NAT; Alibaba's metadata 100.100.100.200
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'], // cloud metadata 169.254.169.254
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'], // IETF protocol assignments (Oracle's metadata 192.0.0.192)
  ['192.0.2.0', 24, 'reserved'], // documentation
  ['192.88.99.0', 24, 'reserved'], // 6to4 relay anycast
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'], // benchmarking
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'], // and 255.255.255.255
];

function ipv4Number(text: string): number {
  return text.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

const PARSED_4 = RANGES_4.map(([prefix, bits, kind]) => ({ base: ipv4Number(prefix), size: 2 ** (32 - bits), kind }));

function kindOf4(n: number): AddressKind {
  for (const range of PARSED_4) if (n >= range.base && n < range.base + range.size) return range.kind;
  return 'public';
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part and a %zone allowed), or null. */
function ipv6Groups(text: string): number[] | null {
  let body = text.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(body);
  if (dotted) {
    if (isIP(dotted[1]!) !== 4) return null;
    const n = ipv4Number(dotted[1]!);
    body = `${body.slice(0, -dotted[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const part = (s: string) => (s === '' ? [] : s.split(':').map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN)));
  const head = part(halves[0]!);
  const tail = halves.length === 2 ? part(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return groups.some((g) => Number.isNaN(g)) ? null : groups;
}

function kindOf6(g: number[]): AddressKind {
  const embedded4 = () => kindOf4(g[6]! * 65536 + g[7]!);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return 'unspecified';
  if (zeros(0, 7) && g[7] === 1) return 'loopback';
  if (zeros(0, 5) && g[5] === 0xffff) return embedded4(); // IPv4-mapped ::ffff:a.b.c.d
  if (zeros(0, 6)) return 'reserved'; // IPv4-compatible ::a.b.c.d (deprecated)
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return embedded4(); // NAT64 64:ff9b::a.b.c.d
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return 'private'; // local-use NAT64
  if (g[0] === 0x2002) return kindOf4(g[1]! * 65536 + g[2]!); // 6to4 carries its IPv4 address
  if (g[0] === 0x0100 && zeros(1, 4)) return 'reserved'; // discard-only
  if (g[0] === 0x2001 && g[1] === 0x0db8) return 'reserved'; // documentation
  if (g[0] === 0x2001 && g[1]! < 0x0200) return 'reserved'; // IETF protocol assignments (Teredo, ORCHID …)
  if ((g[0]! & 0xfe00) === 0xfc00) return 'private'; // unique local fc00::/7 (AWS metadata fd00:ec2::254)
  if ((g[0]! & 0xffc0) === 0xfe80) return 'link-local'; // fe80::/10
  if ((g[0]! & 0xffc0) === 0xfec0) return 'private'; // site-local fec0::/10 (deprecated)
  if ((g[0]! & 0xff00) === 0xff00) return 'multicast';
  if ((g[0]! & 0xe000) !== 0x2000) return 'reserved'; // outside the global unicast 2000::/3
  return 'public';
}

/**
 * The kind of an IP address as written by the resolver or in a URL's host (`[::1]` brackets allowed). A host that is
 * not an IP address is 'invalid': names are resolved first, and the other forms of IPv4 (2130706433, 0x7f.1, 127.1)
 * are what `new URL()` already turns into dotted decimal.
 */
export function addressKind(address: string): AddressKind {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const version = isIP(bare.replace(/%.*$/, ''));
  if (version === 4) return kindOf4(ipv4Number(bare));
  if (version === 6) {
    const groups = ipv6Groups(bare);
    return groups ? kindOf6(groups) : 'invalid';
  }
  return 'invalid';
}

/** True for an address that is on the public internet. */
export function isPublicAddress(address: string): boolean {
  return addressKind(address) === 'public';
}
