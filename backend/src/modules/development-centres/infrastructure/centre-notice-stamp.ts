import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { ChangeNotices, DATA_CHANNEL, type ChangeSubscriber } from '../../../infrastructure/database/change-notices.js';
import { CentreStamp } from '../application/ports/centre-stamp.port.js';

/**
 * The centres' stamp from the change notices (migration centre-change-notices): a count of the notices heard on
 * data_changes and of the resets (notices possibly missed). A change committed through this process's pool is heard
 * before its COMMIT returns, another process's within milliseconds; while no connection listens there is no stamp.
 */
@Injectable()
export class CentreNoticeStamp extends CentreStamp implements ChangeSubscriber, OnModuleDestroy {
  private generation = 0;
  private readonly leave: () => void;

  constructor(private readonly notices: ChangeNotices) {
    super();
    this.leave = notices.subscribe(this, DATA_CHANNEL);
  }

  current(): string | undefined {
    return this.notices.live ? String(this.generation) : undefined;
  }

  notice(): void {
    this.generation += 1;
  }

  reset(): void {
    this.generation += 1;
  }

  onModuleDestroy(): void {
    this.leave();
  }
}
