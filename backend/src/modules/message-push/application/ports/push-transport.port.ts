import type { SmtpConfig } from './push-settings.port.js';

/** A delivery that did not go through: the reason is kept in the delivery log and the job is retried. */
export class PushError extends Error {}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail through the administrator's SMTP server (nodemailer). */
export abstract class MailSender {
  abstract send(smtp: SmtpConfig, mail: Mail): Promise<void>;
}

export interface RobotTarget {
  url: string;
  /** DingTalk's 加签 secret: the URL gets timestamp and sign. */
  secret?: string | null;
}

/** Posts to group robots and webhooks: only http(s), only public addresses unless PUSH_ALLOWED_HOSTS names the host. */
export abstract class RobotPoster {
  /** DingTalk custom robot, markdown; its answer's errcode ≠ 0 is a failure. */
  abstract dingtalk(target: RobotTarget, title: string, markdown: string): Promise<void>;
  /** WeCom group robot, markdown; its answer's errcode ≠ 0 is a failure. */
  abstract wecom(url: string, markdown: string): Promise<void>;
  /** A generic webhook: the JSON body, signed with the secret (X-Zhengai-Signature); a status outside 2xx is a failure. */
  abstract webhook(url: string, secret: string | null, body: unknown): Promise<void>;
}
