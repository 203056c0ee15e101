import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig, type AppConfig } from '../config/app-config.js';
import { PinoLogger } from '../infrastructure/logging/pino-logger.js';

export interface Runtime {
  config: AppConfig;
  databaseUrl: string;
  /** Stops what the runtime started (the embedded PostgreSQL). */
  stop(): Promise<void>;
}

/** Reads the configuration (exiting with a clear message when it is bad) and finds or starts the database. */
export async function prepareRuntime(options: { allowEmbedded: boolean }): Promise<Runtime> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // One log format from the first line: what is logged before Nest starts goes through pino too.
  Logger.overrideLogger(new PinoLogger(config.logLevel));
  if (config.databaseUrl) return { config, databaseUrl: config.databaseUrl, stop: async () => undefined };
  if (!options.allowEmbedded) {
    console.error('Invalid configuration:\n  - DATABASE_URL: required for a separate worker process (zero-setup mode runs the workers inside the API)');
    process.exit(1);
  }
  const logger = new Logger('Database');
  logger.log(`zero-setup mode: no DATABASE_URL, starting the embedded PostgreSQL (data in ${config.dataDir})`);
  // Loaded only in zero-setup mode: production never touches the embedded server's binaries.
  const { startEmbeddedPostgres } = await import('../infrastructure/database/embedded-postgres.js');
  let embedded;
  try {
    embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort, (m) => logger.log(m));
  } catch (error) {
    const reason = error instanceof Error ? ` (${error.message})` : error ? ` (${String(error)})` : '';
    console.error(
      `The embedded PostgreSQL did not start${reason}. ` +
        `Is another instance using ${config.dataDir} or port ${config.embeddedPgPort}? Set EMBEDDED_PG_PORT or DATA_DIR, or DATABASE_URL.`,
    );
    process.exit(1);
  }
  return { config, databaseUrl: embedded.url, stop: () => embedded.stop() };
}
