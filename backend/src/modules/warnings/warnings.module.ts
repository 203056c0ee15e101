import { Global, Module } from '@nestjs/common';
import { PointMonitoringReader } from '../diagnosis/application/ports/point-monitoring-reader.port.js';
import { DiagnosisModule } from '../diagnosis/diagnosis.module.js';
import { MessagesModule } from '../messages/messages.module.js';
import { WarningTodos } from '../workbench/application/ports/todo-sources.port.js';
import { ScanWarningsJob } from './application/jobs/scan-warnings.job.js';
import { PointMonitoringAdapter } from './application/read-adapters.js';
import { WarningTodosSql } from './infrastructure/warning-todos.sql.js';
import { CollectionSourcesService } from './application/collection-sources.service.js';
import { MonitoringRepository } from './application/ports/monitoring-repository.port.js';
import { SubscriptionRepository } from './application/ports/subscription-repository.port.js';
import { WarningFlowRepository } from './application/ports/warning-flow-repository.port.js';
import { SamplingService } from './application/sampling.service.js';
import { ScanControlService } from './application/scan-control.service.js';
import { SubscriptionService } from './application/subscription.service.js';
import { WarningFlowService } from './application/warning-flow.service.js';
import { WarningSheet } from './application/ports/warning-sheet.port.js';
import { WarningSheetExceljs } from './infrastructure/warning-sheet.exceljs.js';
import { WarningScanService } from './application/warning-scan.service.js';
import { CollectController } from './http/collect.controller.js';
import { SubscriptionController } from './http/subscription.controller.js';
import { WarningFlowController } from './http/warning-flow.controller.js';
import { COLLECT_PROVIDERS } from './infrastructure/collect/collect.providers.js';
import { MonitoringPgRepository } from './infrastructure/monitoring.pg-repository.js';
import { SubscriptionPgRepository } from './infrastructure/subscription.pg-repository.js';
import { WarningFlowPgRepository } from './infrastructure/warning-flow.pg-repository.js';

/**
 * Monitoring (spec 001 §2–4, §7): sampling, warning rules, the scheduled scan, warning flows, subscriptions.
 * Global only to hand the diagnosis drawer its monitoring part (PointMonitoringReader) and the home page its
 * open warnings as to-dos (WarningTodos) without module cycles.
 */
@Global()
@Module({
  imports: [DiagnosisModule, MessagesModule],
  controllers: [WarningFlowController, SubscriptionController, CollectController],
  providers: [
    SamplingService,
    WarningScanService,
    WarningFlowService,
    ScanControlService,
    SubscriptionService,
    CollectionSourcesService,
    ScanWarningsJob,
    ...COLLECT_PROVIDERS,
    { provide: MonitoringRepository, useClass: MonitoringPgRepository },
    { provide: WarningFlowRepository, useClass: WarningFlowPgRepository },
    { provide: WarningSheet, useClass: WarningSheetExceljs },
    { provide: SubscriptionRepository, useClass: SubscriptionPgRepository },
    { provide: PointMonitoringReader, useClass: PointMonitoringAdapter },
    { provide: WarningTodos, useClass: WarningTodosSql },
  ],
  exports: [PointMonitoringReader, WarningTodos],
})
export class WarningsModule {}
