import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';

/** Nest's logger on pino: one JSON line an event, ready for a log collector. */
export class PinoLogger implements LoggerService {
  private readonly pino: Logger;

  constructor(level: string) {
    this.pino = pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
  }

  log(message: unknown, context?: string): void {
    this.pino.info({ context }, String(message));
  }
  error(message: unknown, stackOrContext?: string, context?: string): void {
    this.pino.error({ context: context ?? stackOrContext }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.pino.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.pino.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.pino.trace({ context }, String(message));
  }
}
