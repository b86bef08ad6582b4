import { createRequire } from 'node:module';
import { isIPv4, isIPv6 } from 'node:net';

// IP → country with the offline database of `geoip-country` (MaxMind GeoLite2 Country, bundled with the
// package, about 8 MB, IPv4 and IPv6; see docs/realname-and-location.md for why and how to update it).
// Loaded on first use, so services that never ask do not pay for it.

interface GeoIpCountry {
  lookup(ip: string): { country: string } | null;
}

let database: GeoIpCountry | undefined;

function geoip(): GeoIpCountry {
  database ??= createRequire(__filename)('geoip-country') as GeoIpCountry;
  return database;
}

/** IPv4-mapped IPv6 (::ffff:1.2.3.4) → 1.2.3.4; anything else unchanged. */
function unmapped(ip: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return match ? match[1] : ip;
}

/**
 * Loopback, private (RFC 1918, RFC 4193), link-local, carrier-grade NAT and unspecified addresses: no
 * database can place them, they mean the caller is on the operator's own network (or a proxy hides it).
 */
export function isInternalAddress(address: string): boolean {
  const ip = unmapped(address.trim());
  if (isIPv4(ip)) {
    const [a, b] = ip.split('.').map(Number);
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (isIPv6(ip)) {
    const lower = ip.toLowerCase();
    return lower === '::1' || lower === '::' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower);
  }
  return false;
}

/** ISO 3166-1 alpha-2 country of a public address ('CN', 'HK', 'US'…), or null when unknown. */
export function countryOfAddress(address: string): string | null {
  const ip = unmapped(address.trim());
  if ((!isIPv4(ip) && !isIPv6(ip)) || isInternalAddress(ip)) return null;
  return geoip().lookup(ip)?.country ?? null;
}

/**
 * Whether a request's address is in mainland China (country CN; Hong Kong, Macao and Taiwan are not).
 * Loopback and private addresses count as mainland (`internalIsMainland`, default true): the platform is
 * run for mainland users, and on a development machine or behind a proxy that does not pass the client's
 * address the phone-binding rule should still show.
 */
export function isMainlandAddress(address: string, internalIsMainland = true): boolean {
  if (isInternalAddress(address)) return internalIsMainland;
  return countryOfAddress(address) === 'CN';
}
