import type { DetailGroup, PointWarningRule, WarningRecord } from '@zhengai/contracts';

/** What monitoring knows of one point of one task, for the detail drawer (selectbyid); served by the warnings module. */
export interface PointMonitoring {
  warningVo: PointWarningRule | null;
  warningFlowVos: WarningRecord[];
  detailValue: DetailGroup[];
}

export abstract class PointMonitoringReader {
  abstract monitoring(taskId: string, pointId: string): Promise<PointMonitoring>;
  /** The latest sample of a point read from a source (algorithm, SQL, interface) for a task: its result when none is typed. */
  abstract latestSampledValue(taskId: string, pointId: string): Promise<string | null>;
}
