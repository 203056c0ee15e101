/** What monitoring knows of one point of one task, for the detail drawer (selectbyid); served by the warnings module. */
export interface PointMonitoring {
  warningVo: { yjlx: string; tj: string; yjz: string; yjzq: string; yjzqmc: string } | null;
  warningFlowVos: unknown[];
  detailValue: unknown[];
}

export abstract class PointMonitoringReader {
  abstract monitoring(taskId: string, pointId: string): Promise<PointMonitoring>;
}
