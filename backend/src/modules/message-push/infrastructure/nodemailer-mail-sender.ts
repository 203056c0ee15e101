import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { MailSender, PushError, type Mail } from '../application/ports/push-transport.port.js';
import type { SmtpConfig } from '../application/ports/push-settings.port.js';

const TIMEOUT_MS = 15_000;
/** Connections one worker keeps to the SMTP server (a scan's digests go out many at once). */
const MAX_CONNECTIONS = 4;

/**
 * Mail through the administrator's SMTP server with nodemailer: a pooled transport kept while the settings stay the
 * same (a scan's hundreds of digests reuse a few connections), made anew when they change.
 */
@Injectable()
export class NodemailerMailSender extends MailSender implements OnModuleDestroy {
  private current: { key: string; transport: Transporter } | null = null;

  async send(smtp: SmtpConfig, mail: Mail): Promise<void> {
    try {
      await this.transportFor(smtp).sendMail({ from: smtp.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    } catch (error) {
      throw new PushError(`邮件发送失败：${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private transportFor(smtp: SmtpConfig): Transporter {
    const key = JSON.stringify([smtp.host, smtp.port, smtp.secure, smtp.user, smtp.password]);
    if (this.current?.key === key) return this.current.transport;
    this.current?.transport.close();
    const transport = nodemailer.createTransport({
      pool: true,
      maxConnections: MAX_CONNECTIONS,
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS,
    });
    this.current = { key, transport };
    return transport;
  }

  onModuleDestroy(): void {
    this.current?.transport.close();
    this.current = null;
  }
}
