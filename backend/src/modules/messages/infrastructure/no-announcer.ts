import { Injectable } from '@nestjs/common';
import { MessageAnnouncer } from '../application/ports/message-outbox.port.js';

/** Messages are only read in the message centre: nothing is pushed (push delivery binds its own announcer). */
@Injectable()
export class NoAnnouncer extends MessageAnnouncer {
  async announce(): Promise<void> {}
}
