import { Injectable, Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { FileStorage } from './file-storage.port.js';
import { LocalDiskFileStorage } from './local-disk-file-storage.js';

@Injectable()
class StorageHousekeeping implements OnApplicationBootstrap {
  private readonly logger = new Logger('Storage');

  constructor(private readonly storage: FileStorage) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!(this.storage instanceof LocalDiskFileStorage)) return;
    // A write that a crash interrupted an hour ago will never finish.
    const removed = await this.storage.sweepTemp(new Date(Date.now() - 3600_000));
    if (removed > 0) this.logger.warn(`removed ${removed} unfinished write(s) left by an earlier run`);
  }
}

/** Binds the FileStorage port: the local disk under FILES_DIR (an S3 adapter would be bound here instead). */
@Module({
  providers: [
    {
      provide: FileStorage,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new LocalDiskFileStorage(config.filesDir),
    },
    StorageHousekeeping,
  ],
  exports: [FileStorage],
})
export class StorageModule {}
