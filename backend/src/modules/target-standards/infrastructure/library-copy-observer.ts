import { Injectable, Logger } from '@nestjs/common';
import { LibraryCopyObserver, type CopyStep } from '../application/ports/library-copier.port.js';

/** Logs each step of a copy at debug level (the e2e tests replace `reached` to interrupt a copy midway). */
@Injectable()
export class LoggingLibraryCopyObserver extends LibraryCopyObserver {
  private readonly logger = new Logger('LibraryCopy');

  reached(step: CopyStep, context: { libraryId: string; attempt: number }): Promise<void> {
    this.logger.debug(`copy ${context.libraryId} try ${context.attempt}: ${step}`);
    return Promise.resolve();
  }
}
