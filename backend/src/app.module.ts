import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './infrastructure/database/database.module.js';
import { QueueModule } from './infrastructure/queue/queue.module.js';
import { SessionHousekeeping } from './infrastructure/session/session-housekeeping.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { ClientConfigModule } from './modules/client-config/client-config.module.js';
import { DiagnosisModule } from './modules/diagnosis/diagnosis.module.js';
import { DiagnosisObjectsModule } from './modules/diagnosis-objects/diagnosis-objects.module.js';
import { FilesModule } from './modules/files/files.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { MessagesModule } from './modules/messages/messages.module.js';
import { OrgModule } from './modules/org/org.module.js';
import { PersonObjectsPgWriter } from './modules/diagnosis-objects/infrastructure/person-objects.pg-writer.js';
import { TargetStandardsModule } from './modules/target-standards/target-standards.module.js';
import { WarningsModule } from './modules/warnings/warnings.module.js';
import { WorkbenchModule } from './modules/workbench/workbench.module.js';
import { YearTargetsModule } from './modules/year-targets/year-targets.module.js';
import { TargetTasksModule } from './modules/target-tasks/target-tasks.module.js';
import { ReportsModule } from './modules/reports/reports.module.js';
import { DataCollectionModule } from './modules/data-collection/data-collection.module.js';
import { SchoolAnalysisModule } from './modules/school-analysis/school-analysis.module.js';
import { DevelopmentCentresModule } from './modules/development-centres/development-centres.module.js';
import { MessagePushModule } from './modules/message-push/message-push.module.js';
import { AccessGuard } from './shared/http/access.guard.js';
import { EnvelopeInterceptor } from './shared/http/envelope.interceptor.js';
import { RequestConventionsGuard } from './shared/http/request-conventions.guard.js';

/** The whole platform; main.ts serves it over HTTP, worker.ts runs its jobs. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(databaseUrl, config.databasePoolMax),
        QueueModule,
        ScheduleModule.forRoot(),
        HealthModule,
        MessagesModule,
        ClientConfigModule,
        AuthModule,
        // Teachers' and students' diagnosis objects are written by the people import through org's PersonObjects port.
        OrgModule.withPersonObjects(PersonObjectsPgWriter),
        // 我的待办: each module binds the to-do source of its own objects (workbench README).
        WorkbenchModule.withTodoSources([TargetTasksModule, DiagnosisModule, WarningsModule, ReportsModule, DataCollectionModule]),
        DiagnosisObjectsModule,
        DiagnosisModule,
        TargetStandardsModule,
        // Owners of attachments by owner type (the files module asks each its read and write rule).
        FilesModule.withAttachmentOwners({ 'quality-point': DiagnosisModule, 'target-task': TargetTasksModule, 'progress-report': TargetTasksModule }),
        WarningsModule,
        YearTargetsModule,
        TargetTasksModule,
        ReportsModule,
        DataCollectionModule,
        SchoolAnalysisModule,
        DevelopmentCentresModule,
        MessagePushModule,
      ],
      providers: [
        // Guards run in this order: request conventions (csrf, origin, headers), then login and grants.
        { provide: APP_GUARD, useClass: RequestConventionsGuard },
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
        SessionHousekeeping,
      ],
    };
  }
}
