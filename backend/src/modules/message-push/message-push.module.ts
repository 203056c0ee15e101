import { Global, Module } from '@nestjs/common';
import { DeliveryService } from './application/delivery.service.js';
import { PushJobs } from './application/jobs/push-jobs.job.js';
import { PushDeliveryRepository } from './application/ports/push-deliveries.port.js';
import { PushSettingsRepository } from './application/ports/push-settings.port.js';
import { MailSender, RobotPoster } from './application/ports/push-transport.port.js';
import { PushSettingsService } from './application/push-settings.service.js';
import { QueueMessageAnnouncer } from './application/queue-announcer.js';
import { MessageAnnouncer } from '../messages/application/ports/message-outbox.port.js';
import { MessagesModule } from '../messages/messages.module.js';
import { MessagePushController } from './http/message-push.controller.js';
import { HttpRobotPoster } from './infrastructure/http-robot-poster.js';
import { NodemailerMailSender } from './infrastructure/nodemailer-mail-sender.js';
import { PushDeliveryPgRepository } from './infrastructure/push-delivery.pg-repository.js';
import { PushSettingsPgRepository } from './infrastructure/push-settings.pg-repository.js';

/**
 * Message push (issue 34): e-mail, department robots (DingTalk, WeCom) and webhooks, configured by an administrator,
 * chosen per kind by each person, each delivery a job. Global to bind the messages module's MessageAnnouncer (a port
 * of the module before this one) to the queue: `messages` cannot import this module.
 */
@Global()
@Module({
  imports: [MessagesModule],
  controllers: [MessagePushController],
  providers: [
    PushSettingsService,
    DeliveryService,
    PushJobs,
    { provide: PushSettingsRepository, useClass: PushSettingsPgRepository },
    { provide: PushDeliveryRepository, useClass: PushDeliveryPgRepository },
    { provide: MailSender, useClass: NodemailerMailSender },
    { provide: RobotPoster, useClass: HttpRobotPoster },
    { provide: MessageAnnouncer, useClass: QueueMessageAnnouncer },
  ],
  exports: [MessageAnnouncer],
})
export class MessagePushModule {}
