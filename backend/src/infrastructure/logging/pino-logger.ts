import type { LoggerService } from '@nestjs/common';
import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * Nest's own start-up chatter (every module loaded, every route mapped: ~150 lines) is logged at debug, so a normal
 * start shows the few lines that matter and the URL; LOG_LEVEL=debug brings them back.
 */
const START_UP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/** Nest's logger on pino: one JSON line an event, ready for a log collector. */
export class PinoLogger implements LoggerService {
  private readonly pino: Logger;

  /** destination: stdout unless given (a test reads the lines). */
  constructor(level: string, destination?: DestinationStream) {
    const options = { level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime };
    this.pino = destination ? pino(options, destination) : pino(options);
  }

  log(message: unknown, context?: string): void {
    if (context !== undefined && START_UP_CONTEXTS.has(context)) this.pino.debug({ context }, String(message));
    else this.pino.info({ context }, String(message));
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
