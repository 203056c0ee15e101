import { Injectable } from '@nestjs/common';
import {
  MESSAGE_KINDS,
  PERSON_CHANNELS,
  type DepartmentRobotInput,
  type PersonChannel,
  type PushPreferences,
  type PushPreferencesInput,
  type PushSettings,
  type PushTestResult,
  type PushWebhookInput,
  type SmtpSettingsInput,
} from '@zhengai/contracts';
import { AppError } from '../../../shared/errors/app-error.js';
import { paged, type Paged } from '../../../shared/http/envelope.js';
import { formatDateTime } from '../../../shared/kernel/format.js';
import { pageWindow, type PageQuery } from '../../../shared/pagination.js';
import type { PushDelivery, DeliveryStatus, PushChannel } from '@zhengai/contracts';
import { PushDeliveryRepository } from './ports/push-deliveries.port.js';
import { defaultEnabled } from '../domain/push-rules.js';
import { PushSettingsRepository, type WebhookConfig } from './ports/push-settings.port.js';
import { MailSender, RobotPoster } from './ports/push-transport.port.js';

const TEST_TITLE = '诊改平台测试消息';
const TEST_TEXT = '这是一条来自诊改平台的测试消息：收到即表示推送设置正确。';

/** What a 发送测试 action answers: the channel's own error, read by the administrator (never a 5xx). */
async function trial(run: () => Promise<void>): Promise<PushTestResult> {
  try {
    await run();
    return { ok: true, error: null };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The administrator's channels (消息推送设置) and each person's choices (消息接收设置). */
@Injectable()
export class PushSettingsService {
  constructor(
    private readonly settings: PushSettingsRepository,
    private readonly mail: MailSender,
    private readonly robots: RobotPoster,
    private readonly deliveries: PushDeliveryRepository,
  ) {}

  /** The delivery log (newest first): what went out, what failed and why. */
  async deliveryLog(filter: { status?: DeliveryStatus; channel?: PushChannel }, page: PageQuery): Promise<Paged<PushDelivery>> {
    const window = pageWindow(page, 10_000);
    const { records, total } = await this.deliveries.list(filter, { pageNum: page.pageNum, pageSize: window.size });
    return paged(
      records.map((r) => ({ ...r, createdAt: formatDateTime(r.createdAt), sentAt: r.sentAt ? formatDateTime(r.sentAt) : null })),
      total, page.pageNum, window.size,
    );
  }

  async read(): Promise<PushSettings> {
    const [smtp, robots, webhooks] = await Promise.all([this.settings.smtp(), this.settings.robots(), this.settings.webhooks()]);
    return {
      smtp: { enabled: smtp.enabled, host: smtp.host, port: smtp.port, secure: smtp.secure, user: smtp.user, passwordSet: smtp.password !== null, from: smtp.from },
      robots: robots.map((r) => ({ departmentId: r.departmentId, departmentName: r.departmentName, dingtalkUrl: r.dingtalkUrl, dingtalkSecretSet: r.dingtalkSecret !== null, wecomUrl: r.wecomUrl })),
      webhooks: webhooks.map(webhookView),
    };
  }

  async saveSmtp(input: SmtpSettingsInput): Promise<PushSettings['smtp']> {
    const stored = await this.settings.smtp();
    const password = input.clearPassword ? null : (input.password ?? stored.password);
    await this.settings.saveSmtp({ enabled: input.enabled, host: input.host, port: input.port, secure: input.secure, user: input.user, password, from: input.from });
    return (await this.read()).smtp;
  }

  async testSmtp(to: string): Promise<PushTestResult> {
    const smtp = await this.settings.smtp();
    if (!smtp.host) return { ok: false, error: '请先填写并保存SMTP设置' };
    return trial(() => this.mail.send(smtp, { to, subject: `【诊改平台】${TEST_TITLE}`, text: TEST_TEXT, html: `<p>${TEST_TEXT}</p>` }));
  }

  async saveRobot(input: DepartmentRobotInput): Promise<void> {
    if (!(await this.settings.departmentExists(input.departmentId))) throw new AppError('NOT_FOUND', '部门不存在');
    const stored = await this.settings.robot(input.departmentId);
    const secret = input.clearDingtalkSecret || input.dingtalkUrl === null ? null : (input.dingtalkSecret ?? stored?.dingtalkSecret ?? null);
    if (input.dingtalkUrl === null && input.wecomUrl === null) return this.settings.deleteRobot(input.departmentId);
    await this.settings.saveRobot({ departmentId: input.departmentId, dingtalkUrl: input.dingtalkUrl, dingtalkSecret: secret, wecomUrl: input.wecomUrl });
  }

  async deleteRobot(departmentId: string): Promise<void> {
    if (!(await this.settings.departmentExists(departmentId))) throw new AppError('NOT_FOUND', '部门不存在');
    await this.settings.deleteRobot(departmentId);
  }

  async testRobot(departmentId: string, channel: 'dingtalk' | 'wecom'): Promise<PushTestResult> {
    if (!(await this.settings.departmentExists(departmentId))) throw new AppError('NOT_FOUND', '部门不存在');
    const robot = await this.settings.robot(departmentId);
    const markdown = `### ${TEST_TITLE}\n${TEST_TEXT}`;
    if (channel === 'dingtalk') {
      if (!robot?.dingtalkUrl) return { ok: false, error: '该部门未设置钉钉机器人' };
      return trial(() => this.robots.dingtalk({ url: robot.dingtalkUrl!, secret: robot.dingtalkSecret }, TEST_TITLE, markdown));
    }
    if (!robot?.wecomUrl) return { ok: false, error: '该部门未设置企业微信机器人' };
    return trial(() => this.robots.wecom(robot.wecomUrl!, markdown));
  }

  async saveWebhook(input: PushWebhookInput) {
    const stored = input.id ? await this.settings.webhook(input.id) : null;
    if (input.id && !stored) throw new AppError('NOT_FOUND', 'Webhook不存在');
    const id = await this.settings.saveWebhook({
      id: input.id ?? null,
      name: input.name,
      url: input.url,
      secret: input.secret ?? stored?.secret ?? null,
      kinds: [...new Set(input.kinds)],
      enabled: input.enabled,
    });
    return webhookView((await this.settings.webhook(id))!);
  }

  async deleteWebhook(id: string): Promise<void> {
    if (!(await this.settings.deleteWebhook(id))) throw new AppError('NOT_FOUND', 'Webhook不存在');
  }

  async testWebhook(id: string): Promise<PushTestResult> {
    const hook = await this.settings.webhook(id);
    if (!hook) throw new AppError('NOT_FOUND', 'Webhook不存在');
    return trial(() => this.robots.webhook(hook.url, hook.secret, { event: 'test', title: TEST_TITLE, content: TEST_TEXT, sentAt: new Date().toISOString() }));
  }

  /** The person's choices: every kind × channel, the default where they chose nothing, and which channels can reach them. */
  async preferences(userId: string): Promise<PushPreferences> {
    const [person, rows, smtp] = await Promise.all([this.settings.person(userId), this.settings.preferences(userId), this.settings.smtp()]);
    const robot = person?.departmentId ? await this.settings.robot(person.departmentId) : null;
    const chosen = new Map(rows.map((r) => [`${r.kind}/${r.channel}`, r.enabled]));
    const reasons: Record<PersonChannel, string | null> = {
      email: !smtp.enabled ? '管理员未开启邮件推送' : !person?.email ? '请先在个人信息中填写邮箱' : null,
      dingtalk: !robot?.dingtalkUrl ? '所在部门未设置钉钉群机器人' : null,
      wecom: !robot?.wecomUrl ? '所在部门未设置企业微信群机器人' : null,
    };
    return {
      email: person?.email ?? null,
      channels: PERSON_CHANNELS.map((channel) => ({ channel, available: reasons[channel] === null, reason: reasons[channel] })),
      preferences: MESSAGE_KINDS.flatMap((kind) => PERSON_CHANNELS.map((channel) => ({ kind, channel, enabled: chosen.get(`${kind}/${channel}`) ?? defaultEnabled(kind, channel) }))),
    };
  }

  async savePreferences(userId: string, input: PushPreferencesInput): Promise<PushPreferences> {
    const unique = [...new Map(input.preferences.map((p) => [`${p.kind}/${p.channel}`, p])).values()];
    await this.settings.savePreferences(userId, unique);
    return this.preferences(userId);
  }
}

function webhookView(w: WebhookConfig) {
  return { id: w.id, name: w.name, url: w.url, kinds: w.kinds, enabled: w.enabled, secretSet: w.secret !== null };
}
