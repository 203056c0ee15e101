import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { AllowedHosts, bareHost as bare, checkedLookup as checkedLookupOf } from '../../../../infrastructure/net/checked-lookup.js';
import { isPublicAddress } from '../../../../infrastructure/net/network-address.js';
import { CollectionError } from '../../application/ports/value-source.port.js';

export const INTERNAL_ADDRESS_REFUSED = '数据源地址不允许访问内网地址';
/** Redirects followed, each checked like the first address. */
export const MAX_REDIRECTS = 5;

export { AllowedHosts };

const checkedLookup = (allowed: AllowedHosts): LookupFunction => checkedLookupOf(allowed, () => new CollectionError(INTERNAL_ADDRESS_REFUSED));

function requestOnce(url: URL, signal: AbortSignal, lookup: LookupFunction | undefined): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    // agent false: no pooled socket is reused, so every request goes through the checked lookup.
    const request = client.request(url, { method: 'GET', headers: { accept: 'application/json' }, signal, lookup, agent: false }, resolve);
    request.on('error', reject);
    request.end();
  });
}

/**
 * GET of an interface source's URL that reaches only public addresses unless the allow-list names the host: an IP
 * literal is checked before connecting, a name after resolving (every address it resolves to), and every redirect
 * (at most MAX_REDIRECTS) is checked the same way before it is followed. Answers the final response, body unread.
 */
export async function guardedGet(start: URL, signal: AbortSignal, allowed: AllowedHosts): Promise<IncomingMessage> {
  let url = start;
  for (let redirects = 0; ; redirects += 1) {
    const host = bare(url.hostname);
    const listed = allowed.has(host);
    if (!listed && isIP(host) !== 0 && !isPublicAddress(host)) throw new CollectionError(INTERNAL_ADDRESS_REFUSED);
    const response = await requestOnce(url, signal, listed ? undefined : checkedLookup(allowed));
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status < 300 || status >= 400 || location === undefined) return response;
    response.resume();
    if (redirects >= MAX_REDIRECTS) throw new CollectionError(`接口重定向超过 ${String(MAX_REDIRECTS)} 次`);
    const next = URL.canParse(location, url.href) ? new URL(location, url) : null;
    if (!next || (next.protocol !== 'http:' && next.protocol !== 'https:')) throw new CollectionError('接口重定向到的地址不是 http(s) 地址');
    url = next;
  }
}
