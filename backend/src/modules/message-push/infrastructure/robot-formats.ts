import { createHmac } from 'node:crypto';

/**
 * DingTalk's 加签: sign = urlencode(base64(HmacSHA256(key = secret, timestamp + "\n" + secret))), with the timestamp in
 * milliseconds, appended to the robot's URL as `&timestamp=…&sign=…` (DingTalk refuses a timestamp over an hour off).
 */
export function dingtalkSignedUrl(url: string, secret: string, timestampMs: number): string {
  const sign = createHmac('sha256', secret).update(`${String(timestampMs)}\n${secret}`).digest('base64');
  return `${url}${url.includes('?') ? '&' : '?'}timestamp=${String(timestampMs)}&sign=${encodeURIComponent(sign)}`;
}

/** A DingTalk custom robot's markdown message. */
export function dingtalkBody(title: string, markdown: string): unknown {
  return { msgtype: 'markdown', markdown: { title, text: markdown } };
}

/** A WeCom group robot's markdown message (content at most 4096 bytes). */
export function wecomBody(markdown: string): unknown {
  return { msgtype: 'markdown', markdown: { content: markdown } };
}

export const SIGNATURE_HEADER = 'x-zhengai-signature';
export const TIMESTAMP_HEADER = 'x-zhengai-timestamp';

/**
 * A webhook post's signature: `sha256=` + hex HmacSHA256(key = secret, timestamp + "." + body). The timestamp (Unix
 * seconds, also sent as X-Zhengai-Timestamp) is signed too, so a receiver can refuse an old post replayed.
 */
export function webhookSignature(secret: string, timestampSeconds: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${String(timestampSeconds)}.${body}`).digest('hex')}`;
}

/** A robot's answer: DingTalk and WeCom answer HTTP 200 with errcode ≠ 0 when they refuse a message. */
export function robotRefusal(body: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `机器人应答不是 JSON：${body.slice(0, 200)}`;
  }
  const answer = parsed as { errcode?: unknown; errmsg?: unknown } | null;
  if (typeof answer?.errcode !== 'number') return `机器人应答缺少 errcode：${body.slice(0, 200)}`;
  if (answer.errcode === 0) return null;
  return `机器人拒绝：errcode ${String(answer.errcode)}${typeof answer.errmsg === 'string' ? ` ${answer.errmsg}` : ''}`;
}
