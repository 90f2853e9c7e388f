import { isIPv4, isIPv6 } from "node:net";

/**
 * Address classification for SSRF protection. An address is "blocked" when it is not a public
 * unicast address on the internet: loopback, private, link-local, CGNAT, multicast, broadcast,
 * documentation/benchmark/reserved ranges, and every IPv6 form that embeds such an IPv4 address
 * (IPv4-mapped, IPv4-compatible, IPv4-translated, NAT64 64:ff9b::/96, 6to4 2002::/16).
 */

/** [network, prefix length] pairs, network as an unsigned 32-bit integer. */
const BLOCKED_V4: [number, number][] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // CGNAT shared address space
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (incl. cloud metadata 169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // TEST-NET-1
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // TEST-NET-2
  ["203.0.113.0", 24], // TEST-NET-3
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, incl. broadcast 255.255.255.255
].map(([network, prefix]) => [parseIPv4(network as string) as number, prefix as number]);

export function parseIPv4(ip: string): number | null {
  if (!isIPv4(ip)) return null;
  const parts = ip.split(".");
  let value = 0;
  for (const part of parts) value = value * 256 + Number(part);
  return value >>> 0;
}

function inV4Range(value: number, network: number, prefix: number): boolean {
  if (prefix === 0) return true;
  const mask = prefix === 32 ? 0xffffffff : (0xffffffff << (32 - prefix)) >>> 0;
  return (value & mask) >>> 0 === (network & mask) >>> 0;
}

/** Eight 16-bit groups, or null when the text is not an IPv6 address. Zone ids (%eth0) are ignored. */
export function parseIPv6(input: string): number[] | null {
  let ip = input;
  if (ip.startsWith("[") && ip.endsWith("]")) ip = ip.slice(1, -1);
  const zone = ip.indexOf("%");
  if (zone !== -1) ip = ip.slice(0, zone);
  if (!isIPv6(ip)) return null;
  let tail: number[] = [];
  const lastColon = ip.lastIndexOf(":");
  const maybeV4 = ip.slice(lastColon + 1);
  if (maybeV4.includes(".")) {
    const v4 = parseIPv4(maybeV4);
    if (v4 === null) return null;
    tail = [v4 >>> 16, v4 & 0xffff];
    ip = `${ip.slice(0, lastColon + 1)}0:0`;
  }
  const [head = "", rest] = ip.split("::") as [string, string | undefined];
  const parseGroups = (part: string) =>
    part === "" ? [] : part.split(":").map((g) => Number.parseInt(g, 16));
  const headGroups = parseGroups(head);
  const restGroups = rest === undefined ? [] : parseGroups(rest);
  const groups =
    rest === undefined
      ? headGroups
      : [...headGroups, ...new Array(8 - headGroups.length - restGroups.length).fill(0), ...restGroups];
  if (groups.length !== 8 || groups.some((g) => !Number.isInteger(g) || g < 0 || g > 0xffff)) return null;
  if (tail.length === 2) {
    groups[6] = tail[0] as number;
    groups[7] = tail[1] as number;
  }
  return groups;
}

function isBlockedV4(value: number): boolean {
  return BLOCKED_V4.some(([network, prefix]) => inV4Range(value, network, prefix));
}

const embeddedV4 = (hi: number, lo: number) => ((hi << 16) >>> 0) + lo;

function isBlockedV6(g: number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const v4Tail = embeddedV4(g6, g7);
  // ::/96 IPv4-compatible (also :: and ::1, whose embedded addresses 0.0.0.0/0.0.0.1 are blocked)
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return isBlockedV4(v4Tail);
  // ::ffff:0:0/96 IPv4-mapped
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) return isBlockedV4(v4Tail);
  // ::ffff:0:0:0/96 IPv4-translated (RFC 2765)
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0) return isBlockedV4(v4Tail);
  // 64:ff9b::/96 NAT64 well-known prefix
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0)
    return isBlockedV4(v4Tail);
  // 64:ff9b:1::/48 local-use NAT64
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return true;
  // 2002::/16 6to4: the IPv4 address sits in groups 1-2
  if (g0 === 0x2002) return isBlockedV4(embeddedV4(g1, g2));
  // Everything outside global unicast 2000::/3 is loopback, link-local (fe80::/10), unique-local
  // (fc00::/7), site-local, multicast (ff00::/8), discard (100::/64) or reserved.
  if ((g0 & 0xe000) !== 0x2000) return true;
  if (g0 === 0x2001 && g1 === 0) return true; // Teredo 2001::/32 (tunnels to arbitrary IPv4)
  if (g0 === 0x2001 && g1 === 0x0db8) return true; // documentation
  if (g0 === 0x2001 && g1 === 0x0002 && g2 === 0) return true; // benchmarking 2001:2::/48
  if (g0 === 0x2001 && (g1 & 0xffe0) === 0x0020) return true; // ORCHIDv2 2001:20::/28
  if (g0 === 0x2001 && (g1 & 0xfff0) === 0x0010) return true; // ORCHID 2001:10::/28
  if (g0 === 0x3fff && (g1 & 0xf000) === 0) return true; // documentation 3fff::/20
  return false;
}

/**
 * True when the address must not be fetched (see the module comment). Anything that is not a
 * valid IP address is treated as blocked, so callers fail closed.
 */
export function isBlockedAddress(ip: string): boolean {
  const v4 = parseIPv4(ip);
  if (v4 !== null) return isBlockedV4(v4);
  const v6 = parseIPv6(ip);
  if (v6 !== null) return isBlockedV6(v6);
  return true;
}

/** Normalized comparison key: IPv4 dotted, IPv4-mapped IPv6 reduced to IPv4, other IPv6 as 8 hex groups. */
function addressKey(ip: string): { v4: number } | { v6: number[] } | null {
  const v4 = parseIPv4(ip);
  if (v4 !== null) return { v4 };
  const v6 = parseIPv6(ip);
  if (v6 === null) return null;
  if (v6.slice(0, 5).every((g) => g === 0) && v6[5] === 0xffff) {
    return { v4: embeddedV4(v6[6] ?? 0, v6[7] ?? 0) };
  }
  return { v6 };
}

/** Does `ip` match `entry`, an IP address or CIDR ("10.0.0.0/8", "fd00::/8")? */
export function addressMatches(ip: string, entry: string): boolean {
  const key = addressKey(ip);
  if (!key) return false;
  const slash = entry.indexOf("/");
  const base = addressKey(slash === -1 ? entry : entry.slice(0, slash));
  if (!base) return false;
  if ("v4" in key && "v4" in base) {
    const prefix = slash === -1 ? 32 : Number(entry.slice(slash + 1));
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > 32) return false;
    return inV4Range(key.v4, base.v4, prefix);
  }
  if ("v6" in key && "v6" in base) {
    const prefix = slash === -1 ? 128 : Number(entry.slice(slash + 1));
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > 128) return false;
    for (let i = 0; i < 8; i++) {
      const bits = Math.max(0, Math.min(16, prefix - i * 16));
      if (bits === 0) break;
      const mask = (0xffff << (16 - bits)) & 0xffff;
      if (((key.v6[i] ?? 0) & mask) !== ((base.v6[i] ?? 0) & mask)) return false;
    }
    return true;
  }
  return false;
}

/** True when `host` (a URL hostname, IPv6 possibly in brackets) is an IP literal. */
export function isIpLiteral(host: string): boolean {
  return parseIPv4(host) !== null || parseIPv6(host) !== null;
}

/** Strips the brackets URL.hostname puts around IPv6 literals. */
export function unbracket(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}
