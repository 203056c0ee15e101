import { Global, Module } from '@nestjs/common';
import { PointMonitoringReader } from '../quality-points/application/ports/point-monitoring.reader.js';
import { QualityPointsModule } from '../quality-points/quality-points.module.js';
import { OpenWarningCounter } from '../workbench/application/ports/open-warnings.port.js';
import { ScanWarningsJob } from './application/jobs/scan-warnings.job.js';
import { OpenWarningCounterAdapter, PointMonitoringAdapter } from './application/read-adapters.js';
import { MonitoringRepository } from './application/ports/monitoring.repository.js';
import { SubscriptionRepository } from './application/ports/subscription.repository.js';
import { WarningFlowRepository } from './application/ports/warning-flow.repository.js';
import { SamplingService } from './application/sampling.service.js';
import { ScanControlService } from './application/scan-control.service.js';
import { SubscriptionService } from './application/subscription.service.js';
import { WarningFlowService } from './application/warning-flow.service.js';
import { WarningScanService } from './application/warning-scan.service.js';
import { SubscriptionController } from './http/subscription.controller.js';
import { WarningFlowController } from './http/warning-flow.controller.js';
import { COLLECT_CONTROLLERS, COLLECT_PROVIDERS } from './infrastructure/collect/collect.providers.js';
import { MonitoringTypeormRepository } from './infrastructure/monitoring.typeorm-repository.js';
import { SubscriptionTypeormRepository } from './infrastructure/subscription.typeorm-repository.js';
import { WarningFlowTypeormRepository } from './infrastructure/warning-flow.typeorm-repository.js';

/**
 * Monitoring (spec 001 §2–4, §7): sampling, warning rules, the scheduled scan, warning flows, subscriptions.
 * Global only to hand the quality-points drawer its monitoring part (PointMonitoringReader) and the home page its
 * open-warning count (OpenWarningCounter) without module cycles.
 */
@Global()
@Module({
  imports: [QualityPointsModule],
  controllers: [WarningFlowController, SubscriptionController, ...COLLECT_CONTROLLERS],
  providers: [
    SamplingService,
    WarningScanService,
    WarningFlowService,
    ScanControlService,
    SubscriptionService,
    ScanWarningsJob,
    ...COLLECT_PROVIDERS,
    { provide: MonitoringRepository, useClass: MonitoringTypeormRepository },
    { provide: WarningFlowRepository, useClass: WarningFlowTypeormRepository },
    { provide: SubscriptionRepository, useClass: SubscriptionTypeormRepository },
    { provide: PointMonitoringReader, useClass: PointMonitoringAdapter },
    { provide: OpenWarningCounter, useClass: OpenWarningCounterAdapter },
  ],
  exports: [PointMonitoringReader, OpenWarningCounter],
})
export class WarningsModule {}
