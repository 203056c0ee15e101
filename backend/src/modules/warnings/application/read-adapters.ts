import { Injectable } from '@nestjs/common';
import { PointMonitoringReader, type PointMonitoring } from '../../diagnosis/application/ports/point-monitoring-reader.port.js';
import { MonitoringRepository } from './ports/monitoring-repository.port.js';
import { WarningFlowService } from './warning-flow.service.js';

/** Serves the diagnosis detail drawer its monitoring part (rule, history, detail rows) and a point's latest sample. */
@Injectable()
export class PointMonitoringAdapter extends PointMonitoringReader {
  constructor(
    private readonly flows: WarningFlowService,
    private readonly samples: MonitoringRepository,
  ) {
    super();
  }

  monitoring(taskId: string, pointId: string): Promise<PointMonitoring> {
    return this.flows.pointMonitoring(taskId, pointId);
  }

  latestSampledValue(taskId: string, pointId: string): Promise<string | null> {
    return this.samples.latestSampledValue(taskId, pointId);
  }
}
