import { BlockList, isIP } from 'node:net';

/** Which addresses an outbound request may connect to: public ones, and loopback only when the operator allows it. */
export interface AddressPolicy {
  /** What the requests are, in the plural ("webhooks", "logos"), for refusal messages. */
  readonly purpose: string;
  /** Why the address is refused, or null when a request may connect to it. */
  refusal(address: string): string | null;
}

export interface AddressPolicyOptions {
  allowLoopback: boolean;
  purpose: string;
  /** The setting that allows loopback, named in the refusal so an operator knows what to change. */
  loopbackSwitch?: string;
}

interface Range {
  network: string;
  prefix: number;
  reason: string;
}

// Special-purpose registries of IANA (RFC 6890 and successors): nothing a customer's public server lives at.
const REFUSED_IPV4: Range[] = [
  { network: '0.0.0.0', prefix: 8, reason: "an address of 'this network'" },
  { network: '10.0.0.0', prefix: 8, reason: 'a private address' },
  { network: '100.64.0.0', prefix: 10, reason: 'a shared (carrier-grade NAT) address' },
  { network: '169.254.0.0', prefix: 16, reason: 'a link-local address (cloud metadata lives here)' },
  { network: '172.16.0.0', prefix: 12, reason: 'a private address' },
  { network: '192.0.0.0', prefix: 24, reason: 'an IETF protocol address' },
  { network: '192.0.2.0', prefix: 24, reason: 'a documentation address' },
  { network: '192.88.99.0', prefix: 24, reason: 'a 6to4 relay address' },
  { network: '192.168.0.0', prefix: 16, reason: 'a private address' },
  { network: '198.18.0.0', prefix: 15, reason: 'a benchmarking address' },
  { network: '198.51.100.0', prefix: 24, reason: 'a documentation address' },
  { network: '203.0.113.0', prefix: 24, reason: 'a documentation address' },
  { network: '224.0.0.0', prefix: 4, reason: 'a multicast address' },
  { network: '240.0.0.0', prefix: 4, reason: 'a reserved address' }
];

const REFUSED_IPV6: Range[] = [
  { network: '::', prefix: 128, reason: 'the unspecified address' },
  { network: '64:ff9b:1::', prefix: 48, reason: 'a local-use translation address' },
  { network: '100::', prefix: 64, reason: 'a discard-only address' },
  // Teredo and 6to4 tunnel to IPv4 addresses this list cannot see inside them.
  { network: '2001::', prefix: 32, reason: 'a Teredo address' },
  { network: '2001:db8::', prefix: 32, reason: 'a documentation address' },
  { network: '2002::', prefix: 16, reason: 'a 6to4 address' },
  { network: 'fc00::', prefix: 7, reason: 'a unique-local address (cloud metadata lives here too)' },
  { network: 'fe80::', prefix: 10, reason: 'a link-local address' },
  { network: 'fec0::', prefix: 10, reason: 'a site-local address' },
  { network: 'ff00::', prefix: 8, reason: 'a multicast address' }
];

const LOOPBACK: Range[] = [
  { network: '127.0.0.0', prefix: 8, reason: 'a loopback address' },
  { network: '::1', prefix: 128, reason: 'a loopback address' }
];

const NAT64 = /^64:ff9b::(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i;

function familyOf(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 4 ? 'ipv4' : 'ipv6';
}

function matcher(ranges: Range[]): (address: string) => string | null {
  const lists = ranges.map((range) => {
    const list = new BlockList();
    list.addSubnet(range.network, range.prefix, familyOf(range.network));
    return { list, reason: range.reason };
  });
  // BlockList also matches IPv4-mapped IPv6 (::ffff:10.0.0.1) against IPv4 ranges.
  return (address) => lists.find(({ list }) => list.check(address, familyOf(address)))?.reason ?? null;
}

/** The IPv4 address a NAT64 address (64:ff9b::/96) reaches, which is the one that decides. */
function nat64Target(address: string): string | null {
  const match = NAT64.exec(address);
  if (!match) return null;
  if (match[1]) return match[1];
  const high = parseInt(match[2] as string, 16);
  const low = parseInt(match[3] as string, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

export function addressPolicy(options: AddressPolicyOptions): AddressPolicy {
  const refused = matcher([...REFUSED_IPV4, ...REFUSED_IPV6]);
  const loopback = matcher(LOOPBACK);
  const loopbackRefusal = options.loopbackSwitch ? `a loopback address (${options.loopbackSwitch} is off)` : 'a loopback address';
  const policy: AddressPolicy = {
    purpose: options.purpose,
    refusal(address) {
      if (isIP(address) === 0) return 'not an IP address';
      const embedded = nat64Target(address);
      if (embedded) return policy.refusal(embedded);
      const reason = refused(address);
      if (reason) return reason;
      if (loopback(address) && !options.allowLoopback) return loopbackRefusal;
      return null;
    }
  };
  return policy;
}

/** The IP address a URL's host names literally (`[::1]` -> `::1`), or null for a DNS name. */
export function ipLiteralOf(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) === 0 ? null : bare;
}
