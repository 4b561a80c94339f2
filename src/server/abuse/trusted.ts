/**
 * The networks listed in RATE_LIMIT_TRUSTED (addresses or CIDRs, e.g. the clinic's own Wi-Fi), which the
 * per-address limits leave alone. IPv4-mapped IPv6 addresses (`::ffff:192.0.2.1`, as a dual-stack socket
 * reports IPv4 clients) match their IPv4 entries.
 */
import { BlockList, isIPv6 } from 'node:net';
import type { Config } from '../config.js';

export function trustedAddresses(config: Pick<Config, 'RATE_LIMIT_TRUSTED'>): (ip: string) => boolean {
  const trusted = new BlockList();
  for (const entry of config.RATE_LIMIT_TRUSTED) {
    const [address, prefix] = entry.split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix) trusted.addSubnet(address, Number(prefix), type);
    else trusted.addAddress(address, type);
  }
  return (ip) => {
    const bare = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
    return trusted.check(bare, isIPv6(bare) ? 'ipv6' : 'ipv4');
  };
}
