import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isPublicAddress } from './network-address.js';

/** Host names and addresses that may be reached though they are not public (COLLECT_ALLOWED_HOSTS, PUSH_ALLOWED_HOSTS). */
export class AllowedHosts {
  private readonly names: ReadonlySet<string>;

  constructor(hosts: readonly string[]) {
    this.names = new Set(hosts.map(bareHost));
  }

  has(host: string): boolean {
    return this.names.has(bareHost(host));
  }
}

/** A host as compared: lower case, without an IPv6 literal's brackets. */
export function bareHost(host: string): string {
  const lower = host.trim().toLowerCase();
  return lower.startsWith('[') && lower.endsWith(']') ? lower.slice(1, -1) : lower;
}

/**
 * The resolver a socket connects through: it resolves the name, refuses it (with `refusal()`) when any address is not
 * public and not allow-listed, and hands the socket exactly the addresses it checked, so a second answer (DNS
 * rebinding) never reaches the connection. Use with `agent: false`, so no pooled socket skips it.
 */
export function checkedLookup(allowed: AllowedHosts, refusal: () => Error): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0, hints: options.hints ?? 0 }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (addresses.length === 0 || addresses.some((a) => !allowed.has(a.address) && !isPublicAddress(a.address))) {
        return callback(refusal(), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
