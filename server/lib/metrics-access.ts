/**
 * Who may read GET /server/metrics: a client address in METRICS_ALLOW, or a request carrying
 * `Authorization: Bearer <METRICS_TOKEN>`. The address is `request.ip`: the socket's, or behind
 * TRUST_PROXY the client's own as the trusted proxies report it, so a proxy on loopback does not
 * open the metrics to everyone it forwards (docs/decisions/0049-metrics-and-readiness.md).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import net from 'node:net';

/** proxy-addr's names for reserved ranges, as TRUST_PROXY takes them. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** An IPv4 address as IPv6 shows it (`::ffff:127.0.0.1`) is the IPv4 address. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address;
}

/** A test of client addresses against METRICS_ALLOW's entries (validated by server/config.ts). */
export function addressAllowed(entries: string[]): (address: string | undefined) => boolean {
  const list = new net.BlockList();
  for (const entry of entries.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const [address, prefix] = entry.split('/');
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(plainAddress(address), net.isIPv6(plainAddress(address)) ? 'ipv6' : 'ipv4');
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    if (!address) return false;
    const plain = plainAddress(address);
    const version = net.isIP(plain);
    return version !== 0 && list.check(plain, version === 6 ? 'ipv6' : 'ipv4');
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether an Authorization header carries the token: compared in constant time (both hashed to the same length). */
export function bearerMatches(token: string | null, header: string | undefined): boolean {
  if (token === null || header === undefined) return false;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  if (!match) return false;
  return timingSafeEqual(digest(match[1]), digest(token));
}
