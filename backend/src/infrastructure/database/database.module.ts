import { type DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ALL_MIGRATIONS } from '../../../../migrations/index.js';
import { DATABASE_URL } from './database-url.js';
import { DatabaseProbe } from './database-probe.js';
import { PgUnitOfWork } from './pg-unit-of-work.js';
import { PreparingClient } from './preparing-client.js';
import { UnitOfWork } from './unit-of-work.port.js';

/** TypeORM on PostgreSQL; migrations run at start, synchronize never. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(databaseUrl: string): DynamicModule {
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
          extra: { max: 20, connectionTimeoutMillis: 5_000, Client: PreparingClient },
          // The pool re-connects by itself; TypeORM's boot retries are for a database that is starting.
          retryAttempts: 5,
          retryDelay: 1_000,
        }),
      ],
      providers: [
        { provide: DATABASE_URL, useValue: databaseUrl },
        DatabaseProbe,
        { provide: UnitOfWork, useClass: PgUnitOfWork },
      ],
      exports: [DATABASE_URL, DatabaseProbe, UnitOfWork],
    };
  }
}
