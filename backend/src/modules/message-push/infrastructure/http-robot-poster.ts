import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { AllowedHosts, bareHost, checkedLookup } from '../../../infrastructure/net/checked-lookup.js';
import { isPublicAddress } from '../../../infrastructure/net/network-address.js';
import { PushError, RobotPoster, type RobotTarget } from '../application/ports/push-transport.port.js';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, dingtalkBody, dingtalkSignedUrl, robotRefusal, webhookSignature, wecomBody } from './robot-formats.js';

const TIMEOUT_MS = 10_000;
/** An answer read at most this far (a robot answers a few bytes; the rest is not ours to read). */
const MAX_ANSWER_BYTES = 64 * 1024;
export const INTERNAL_ADDRESS_REFUSED = '推送地址不允许访问内网地址';

/**
 * POSTs JSON to robots and webhooks. Only http(s); only public addresses unless PUSH_ALLOWED_HOSTS names the host (the
 * same guard as the interface sources: an IP literal checked before connecting, a name at the socket's own lookup,
 * no pooled agent); redirects are not followed (a robot does not redirect; a redirect is a failure).
 */
@Injectable()
export class HttpRobotPoster extends RobotPoster {
  private readonly allowed: AllowedHosts;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super();
    this.allowed = new AllowedHosts(config.pushAllowedHosts);
  }

  async dingtalk(target: RobotTarget, title: string, markdown: string): Promise<void> {
    const url = target.secret ? dingtalkSignedUrl(target.url, target.secret, Date.now()) : target.url;
    const answer = await this.post(url, JSON.stringify(dingtalkBody(title, markdown)), {});
    const refusal = robotRefusal(answer);
    if (refusal) throw new PushError(refusal);
  }

  async wecom(url: string, markdown: string): Promise<void> {
    const answer = await this.post(url, JSON.stringify(wecomBody(markdown)), {});
    const refusal = robotRefusal(answer);
    if (refusal) throw new PushError(refusal);
  }

  async webhook(url: string, secret: string | null, body: unknown): Promise<void> {
    const text = JSON.stringify(body);
    const timestamp = Math.floor(Date.now() / 1000);
    const headers: Record<string, string> = { [TIMESTAMP_HEADER]: String(timestamp) };
    if (secret) headers[SIGNATURE_HEADER] = webhookSignature(secret, timestamp, text);
    await this.post(url, text, headers);
  }

  /** The answer's body of a 2xx; anything else throws PushError with the status and the start of the body. */
  private async post(address: string, body: string, headers: Record<string, string>): Promise<string> {
    if (!URL.canParse(address)) throw new PushError('推送地址格式不正确');
    const url = new URL(address);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PushError('推送地址必须是 http 或 https 地址');
    const host = bareHost(url.hostname);
    const listed = this.allowed.has(host);
    if (!listed && isIP(host) !== 0 && !isPublicAddress(host)) throw new PushError(INTERNAL_ADDRESS_REFUSED);
    const lookup = listed ? undefined : checkedLookup(this.allowed, () => new PushError(INTERNAL_ADDRESS_REFUSED));
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<string>((resolve, reject) => {
      const request = client.request(
        url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), accept: 'application/json', ...headers },
          lookup,
          agent: false,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            if (size < MAX_ANSWER_BYTES) chunks.push(chunk);
            size += chunk.length;
          });
          response.on('error', (e) => reject(new PushError(`推送失败：${e.message}`)));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8').slice(0, MAX_ANSWER_BYTES);
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300) resolve(text);
            else reject(new PushError(`推送失败：HTTP ${String(status)} ${text.slice(0, 200)}`.trim()));
          });
        },
      );
      request.on('error', (e) => reject(e instanceof PushError ? e : new PushError(`推送失败：${e.message}`)));
      request.end(body);
    });
  }
}
