import { DIGEST_LISTED, DIGEST_THRESHOLD, absoluteLink, cutToBytes, deliveryId, digestTitle, isDigest, mailOf, robotPostOf, type PushMessage } from './push-rules.js';

const message = (i: number, over: Partial<PushMessage> = {}): PushMessage => ({
  id: `m${String(i)}`, userId: 'u1', userName: '陈静', kind: 'warning', title: `预警 ${String(i)}`, content: `就业率低于阈值 ${String(i)}`,
  objectType: 'warning', objectId: `w${String(i)}`, link: `/analysis/monitoring?id=w${String(i)}`, createdAt: new Date('2026-11-29T06:00:00Z'), ...over,
});

describe('the digest rule', () => {
  it('sends up to DIGEST_THRESHOLD messages one by one and more as one digest', () => {
    expect(isDigest(1)).toBe(false);
    expect(isDigest(DIGEST_THRESHOLD)).toBe(false);
    expect(isDigest(DIGEST_THRESHOLD + 1)).toBe(true);
    expect(isDigest(40_000)).toBe(true);
  });

  it('names a warning scan\'s digest by its count, other batches by their kind', () => {
    expect(digestTitle(40_000, ['warning'])).toBe('监测预警：新增 40000 条预警');
    expect(digestTitle(7, ['report'])).toBe('质量报告：7 条新消息');
    expect(digestTitle(9, ['report', 'warning'])).toBe('消息汇总：9 条新消息');
  });

  it('mails one message as itself, with its link on the platform\'s address', () => {
    const mail = mailOf([message(1, { kind: 'targetTask', title: '目标任务已下发' })], 1, ['targetTask'], 'https://zg.example.edu.cn/');
    expect(mail.subject).toBe('【诊改平台】目标任务已下发');
    expect(mail.text).toContain('陈静，您好');
    expect(mail.text).toContain('https://zg.example.edu.cn/analysis/monitoring?id=w1');
  });

  it('mails a digest with its title, the first few and the message centre', () => {
    const listed = Array.from({ length: DIGEST_LISTED }, (_, i) => message(i + 1));
    const mail = mailOf(listed, 120, ['warning'], null);
    expect(mail.subject).toBe('【诊改平台】监测预警：新增 120 条预警');
    expect(mail.text.split('\n').filter((l) => l.startsWith('· 预警'))).toHaveLength(DIGEST_LISTED);
    expect(mail.text).toContain('……等 120 条');
    expect(mail.text).toContain('/messages');
    // The HTML part escapes what a title carries.
    expect(mailOf([message(1, { title: '<script>x</script>' })], 1, ['warning'], null).html).not.toContain('<script>');
  });

  it('lists a robot\'s few messages by person, and counts a digest by person', () => {
    const few = robotPostOf([message(1), message(2, { userName: '张伟' })], 2, [], ['warning'], null);
    expect(few.title).toBe('诊改平台：2 条新消息');
    expect(few.markdown).toContain('- **张伟**：预警 2');
    const digest = robotPostOf([message(1)], 300, [{ userName: '陈静', count: 200 }, { userName: '张伟', count: 100 }], ['warning'], 'https://zg.example.edu.cn');
    expect(digest.title).toBe('监测预警：新增 300 条预警');
    expect(digest.markdown).toContain('- **陈静**：200 条');
    expect(digest.markdown).toContain('[在消息中心查看全部](https://zg.example.edu.cn/messages)');
    // Markdown in a title stays text.
    expect(robotPostOf([message(1, { title: '[点我](http://evil)' })], 1, [], ['warning'], null).markdown).toContain('\\[点我\\](http://evil)');
  });

  it('cuts a post to the robot\'s byte limit without splitting a character', () => {
    const long = '预'.repeat(2_000); // 6000 bytes
    const cut = cutToBytes(long, 4_000);
    expect(new TextEncoder().encode(cut).length).toBeLessThanOrEqual(4_000);
    expect(cut.endsWith('…')).toBe(true);
    expect(cutToBytes('短文本', 4_000)).toBe('短文本');
  });

  it('gives each delivery one id, its job\'s: the same batch and target is one delivery', () => {
    expect(deliveryId('b1', 'email', 'u1', 0)).toBe('push-email-b1-u1');
    expect(deliveryId('b1', 'webhook', 'h1', 2)).toBe('push-webhook-b1-h1-2');
    expect(absoluteLink('https://a.cn', 'https://b.cn/x')).toBe('https://b.cn/x');
    expect(absoluteLink(null, null)).toBeNull();
  });
});
