import { type DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type pg from 'pg';
import { ALL_MIGRATIONS } from '../../../../migrations/index.js';
import { ChangeNotices } from './change-notices.js';
import { DATABASE_URL } from './database-url.js';
import { DatabaseProbe } from './database-probe.js';
import { PgUnitOfWork } from './pg-unit-of-work.js';
import { PreparingClient } from './preparing-client.js';
import { UnitOfWork } from './unit-of-work.port.js';

/** TypeORM on PostgreSQL; migrations run at start, synchronize never. */
@Global()
@Module({})
export class DatabaseModule {
  /**
   * `poolMax` connections at most (DATABASE_POOL_MAX). No request or job holds a transaction's connection while it
   * waits for another: with every connection so held nothing would free until the 5 s timeout (503s). The e2e test
   * one-connection.e2e-spec.ts runs the writes on a pool of one to keep it so.
   */
  static forRoot(databaseUrl: string, poolMax = 20): DynamicModule {
    const notices = new ChangeNotices();
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRoot({
          type: 'postgres',
          url: databaseUrl,
          autoLoadEntities: true,
          synchronize: false,
          migrations: ALL_MIGRATIONS,
          migrationsRun: true,
          migrationsTransactionMode: 'each',
          // Every connection LISTENs for the changes that make a kept session stale (pg-pool's onConnect hook).
          extra: { max: poolMax, connectionTimeoutMillis: 5_000, Client: PreparingClient, onConnect: (client: pg.Client) => notices.listenOn(client) },
          // The pool re-connects by itself; TypeORM's boot retries are for a database that is starting.
          retryAttempts: 5,
          retryDelay: 1_000,
        }),
      ],
      providers: [
        { provide: DATABASE_URL, useValue: databaseUrl },
        { provide: ChangeNotices, useValue: notices },
        DatabaseProbe,
        { provide: UnitOfWork, useClass: PgUnitOfWork },
      ],
      exports: [DATABASE_URL, ChangeNotices, DatabaseProbe, UnitOfWork],
    };
  }
}
