import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PushChannel } from '@zhengai/contracts';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { JobQueue } from '../../../infrastructure/queue/job-queue.port.js';
import type { JobPayloads } from '../../../shared/jobs/job-catalogue.js';
import { DIGEST_LISTED, WEBHOOK_PAGE_SIZE, absoluteLink, cutToBytes, deliveryId, mailOf, robotPostOf } from '../domain/push-rules.js';
import { PushDeliveryRepository } from './ports/push-deliveries.port.js';
import { PushSettingsRepository } from './ports/push-settings.port.js';
import { MailSender, PushError, RobotPoster } from './ports/push-transport.port.js';

/** A robot's markdown at most this many bytes (WeCom refuses more than 4096; DingTalk allows more). */
const ROBOT_MAX_BYTES = 4000;

type PushPayload = JobPayloads['push-message'];

/**
 * Delivery of a batch of messages (one event's, or one warning scan's): `plan` turns the batch into deliveries (a
 * person's mail, a department robot's post, a webhook's page) from the people's choices, records them and queues one
 * `push-message` job each, with the delivery's id as the job's id; `push` sends one. The event's own transaction
 * has long committed: nothing here can block or undo it.
 */
@Injectable()
export class DeliveryService {
  private readonly logger = new Logger('MessagePush');

  constructor(
    private readonly deliveries: PushDeliveryRepository,
    private readonly settings: PushSettingsRepository,
    private readonly queue: JobQueue,
    private readonly mail: MailSender,
    private readonly robots: RobotPoster,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Plans the batch's deliveries and queues those not done yet; a batch announced twice queues nothing new. */
  async deliverBatch(batchId: string): Promise<{ queued: number }> {
    const smtp = await this.settings.smtp();
    const planned = await this.deliveries.plan(batchId, smtp.enabled && smtp.host !== '');
    if (planned.length === 0) return { queued: 0 };
    const pending = await this.deliveries.record(batchId, planned);
    await this.queue.enqueueMany(
      'push-message',
      pending.map((d) => ({ payload: { batchId, channel: d.channel, target: d.target, digest: d.digest, page: d.page }, jobId: d.id })),
    );
    return { queued: pending.length };
  }

  /** Sends one delivery. A failure is recorded with its error and thrown, so the queue retries it. */
  async push(payload: PushPayload, attempt: number): Promise<{ status: string }> {
    const id = deliveryId(payload.batchId, payload.channel, payload.target, payload.page);
    const record = await this.deliveries.find(id);
    // Sent, or failed for good, already: a second run (a stalled job, a batch announced twice) does nothing.
    if (!record || record.status !== 'queued') return { status: record?.status ?? 'unknown' };
    try {
      const title = await this.send(payload);
      await this.deliveries.markSent(id, title, attempt);
      return { status: 'sent' };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const final = error instanceof ChannelGone;
      await this.deliveries.markAttempt(id, attempt, reason, final);
      if (final) return { status: 'failed' };
      throw error;
    }
  }

  /** The retries are spent: the delivery stays failed with its last error (the administrator's log shows it). */
  async pushFailed(payload: PushPayload, reason: string): Promise<void> {
    const id = deliveryId(payload.batchId, payload.channel, payload.target, payload.page);
    const record = await this.deliveries.find(id);
    if (record?.status === 'queued') await this.deliveries.markAttempt(id, record.attempts, record.lastError ?? reason, true);
  }

  private async send(p: PushPayload): Promise<string> {
    const publicUrl = this.config.publicUrl;
    const channel: PushChannel = p.channel;
    const limit = channel === 'webhook' ? WEBHOOK_PAGE_SIZE : DIGEST_LISTED;
    const content = await this.deliveries.content(p.batchId, channel, p.target, p.digest, p.page, limit);
    if (content.total === 0) throw new ChannelGone('消息已不存在');
    switch (channel) {
      case 'email': {
        const smtp = await this.settings.smtp();
        if (!smtp.enabled || !smtp.host) throw new ChannelGone('邮件推送已关闭');
        const to = content.recipient;
        if (!to) throw new ChannelGone('收件人没有邮箱');
        const mail = mailOf(content.listed, content.total, content.kinds, publicUrl);
        await this.mail.send(smtp, { to, ...mail });
        return mail.subject;
      }
      case 'dingtalk':
      case 'wecom': {
        const robot = await this.settings.robot(p.target);
        const url = channel === 'dingtalk' ? robot?.dingtalkUrl : robot?.wecomUrl;
        if (!robot || !url) throw new ChannelGone('部门机器人已删除');
        const post = robotPostOf(content.listed, content.total, content.perPerson, content.kinds, publicUrl);
        const markdown = cutToBytes(post.markdown, ROBOT_MAX_BYTES);
        if (channel === 'dingtalk') await this.robots.dingtalk({ url, secret: robot.dingtalkSecret }, post.title, markdown);
        else await this.robots.wecom(url, markdown);
        return post.title;
      }
      case 'webhook': {
        const hook = await this.settings.webhook(p.target);
        if (!hook?.enabled) throw new ChannelGone('Webhook已删除或停用');
        const pages = Math.ceil(content.total / WEBHOOK_PAGE_SIZE);
        await this.robots.webhook(hook.url, hook.secret, {
          event: 'messages',
          batchId: p.batchId,
          page: p.page + 1,
          pages,
          total: content.total,
          messages: content.listed.map((m) => ({
            id: m.id, userId: m.userId, userName: m.userName, kind: m.kind, title: m.title, content: m.content,
            objectType: m.objectType, objectId: m.objectId, link: absoluteLink(publicUrl, m.link), createdAt: m.createdAt.toISOString(),
          })),
        });
        return `${String(content.listed.length)} 条消息（第 ${String(p.page + 1)}/${String(pages)} 批）`;
      }
    }
  }
}

/** The channel is gone (turned off, deleted, no address): retrying cannot help, the delivery fails at once. */
class ChannelGone extends PushError {}

