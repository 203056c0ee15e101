import { Injectable } from '@nestjs/common';
import nodemailer from 'nodemailer';
import { MailSender, PushError, type Mail } from '../application/ports/push-transport.port.js';
import type { SmtpConfig } from '../application/ports/push-settings.port.js';

const TIMEOUT_MS = 15_000;

/** Mail through the administrator's SMTP server with nodemailer; one connection a mail (mails are few: digests). */
@Injectable()
export class NodemailerMailSender extends MailSender {
  async send(smtp: SmtpConfig, mail: Mail): Promise<void> {
    const transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS,
    });
    try {
      await transport.sendMail({ from: smtp.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    } catch (error) {
      throw new PushError(`邮件发送失败：${error instanceof Error ? error.message : String(error)}`);
    } finally {
      transport.close();
    }
  }
}
