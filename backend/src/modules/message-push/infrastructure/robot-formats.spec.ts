import { createHmac } from 'node:crypto';
import { dingtalkBody, dingtalkSignedUrl, robotRefusal, webhookSignature, wecomBody } from './robot-formats.js';

describe('the robots\' and webhooks\' formats', () => {
  it('signs a DingTalk URL as documented: base64 HmacSHA256(secret, timestamp\\nsecret), url-encoded', () => {
    const url = dingtalkSignedUrl('https://oapi.dingtalk.com/robot/send?access_token=abc', 'SEC000', 1_700_000_000_000);
    const params = new URL(url).searchParams;
    expect(params.get('access_token')).toBe('abc');
    expect(params.get('timestamp')).toBe('1700000000000');
    const expected = createHmac('sha256', 'SEC000').update('1700000000000\nSEC000').digest('base64');
    expect(params.get('sign')).toBe(expected);
    // base64's + / = never reach the query raw.
    expect(url.slice(url.indexOf('sign=') + 5)).toBe(encodeURIComponent(expected));
    expect(dingtalkSignedUrl('https://robot.example/send', 's', 1)).toMatch(/^https:\/\/robot\.example\/send\?timestamp=1&sign=/);
  });

  it('writes DingTalk\'s and WeCom\'s markdown messages', () => {
    expect(dingtalkBody('标题', '### 正文')).toEqual({ msgtype: 'markdown', markdown: { title: '标题', text: '### 正文' } });
    expect(wecomBody('### 正文')).toEqual({ msgtype: 'markdown', markdown: { content: '### 正文' } });
  });

  it('signs a webhook\'s body with its timestamp (hex HmacSHA256)', () => {
    const body = JSON.stringify({ event: 'messages' });
    expect(webhookSignature('k', 1_700_000_000, body)).toBe(`sha256=${createHmac('sha256', 'k').update(`1700000000.${body}`).digest('hex')}`);
    expect(webhookSignature('k', 1_700_000_001, body)).not.toBe(webhookSignature('k', 1_700_000_000, body));
  });

  it('reads a robot\'s answer: errcode 0 is sent, anything else a refusal with its reason', () => {
    expect(robotRefusal('{"errcode":0,"errmsg":"ok"}')).toBeNull();
    expect(robotRefusal('{"errcode":310000,"errmsg":"sign not match"}')).toBe('机器人拒绝：errcode 310000 sign not match');
    expect(robotRefusal('<html>')).toMatch(/不是 JSON/);
    expect(robotRefusal('{}')).toMatch(/缺少 errcode/);
  });
});
