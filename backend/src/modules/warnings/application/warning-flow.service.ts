import type { Writable } from 'node:stream';
import { fileNamePart } from '../../../shared/http/content-disposition.js';
import { Injectable } from '@nestjs/common';
import type { Disposal } from '@zhengai/contracts';
import { AppError } from '../../../shared/errors/app-error.js';
import { paged, type Paged } from '../../../shared/http/envelope.js';
import { pageWindow, type PageQuery } from '../../../shared/pagination.js';
import { TaskGate } from '../../diagnosis/application/task-gate.js';
import { checkDiagnosisText } from '../../diagnosis/domain/text-rules.js';
import { formatDateTime } from '../../../shared/kernel/format.js';
import { calRuleOf, gradeOf } from '../../../shared/kernel/grade.js';
import { displayValue, isValueType } from '../../../shared/kernel/value-types.js';
import { readWarningRule, WARNING_PERIOD_LABELS } from '../../../shared/kernel/warning-rule.js';
import { WarningSheet } from './ports/warning-sheet.port.js';
import { WarningFlowRepository, type OpenWarning, type WarningFlow } from './ports/warning-flow-repository.port.js';

const DAY_MS = 86_400_000;
/** The warning table's export columns: the table's, in its order, and whether its latest warning waits. */
export const WARNING_EXPORT_HEADER = ['质控点名称', '预警值', '原因分析', '处理措施', '预警次数', '已处理次数', '处理人', '处理状态'];
/** Spec 001 §9: the default trend window is 7 days. */
export const DEFAULT_WINDOW_DAYS = 7;
/** A sampling query covers at most this many days (a year and a bit). */
const MAX_WINDOW_DAYS = 400;

const flowWire = (f: WarningFlow) => ({
  id: f.id,
  yjsj: formatDateTime(f.yjsj),
  yjlx: f.yjlx,
  tj: f.tj,
  yjz: f.yjz,
  jgz: f.jgz,
  zlx: f.zlx,
  clsj: f.clsj ? formatDateTime(f.clsj) : null,
  clcs: f.clcs,
  yyfx: f.yyfx,
  clrmc: f.clrmc,
});

/** Reads YYYY-MM-DD as a local date, or null. */
function dayOf(text: string | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? '');
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.getMonth() === Number(m[2]) - 1 ? d : null;
}

/** Warning flows (spec 001 §3, §7 warningflow dispose and counts): the table, history, trend, handling, samples. */
@Injectable()
export class WarningFlowService {
  constructor(
    private readonly repo: WarningFlowRepository,
    private readonly gate: TaskGate,
    private readonly sheet: WarningSheet,
  ) {}

  async table(userId: string, objTaskId: string) {
    await this.gate.read(userId, objTaskId);
    const rows = await this.repo.table(objTaskId);
    return rows.map((r) => ({
      zgzkdid: r.pointId, zkdmc: r.zkdmc, zlx: r.zlx, yjz: r.yjz, yyfx: r.yyfx, clcs: r.clcs, allNum: r.allNum, disposeNum: r.disposeNum,
      clrmc: r.clrmc, latestId: r.latestId, open: r.latestOpen,
    }));
  }

  /**
   * 监测预警's 导出Excel: the task's warning table as warningflow/list answers it (the same read, the same order, the
   * same authority), its values shown as the table shows them; named after the task.
   */
  async exportTable(userId: string, objTaskId: string): Promise<{ fileName: string; write(out: Writable): Promise<void> }> {
    const { task } = await this.gate.read(userId, objTaskId);
    const rows = (await this.repo.table(objTaskId)).map((r) => [
      r.zkdmc, isValueType(r.zlx) ? displayValue(r.zlx, r.yjz) : r.yjz, r.yyfx ?? '', r.clcs ?? '', String(r.allNum), String(r.disposeNum),
      r.clrmc ?? '', r.latestOpen ? '待处理' : '已处理',
    ]);
    const fileName = `预警列表-${fileNamePart(task.rwmc)}.xlsx`;
    return { fileName, write: (out) => this.sheet.write({ name: '预警列表', header: WARNING_EXPORT_HEADER, rows }, out) };
  }

  async history(userId: string, objTaskId: string, pointId: string) {
    await this.gate.read(userId, objTaskId);
    return (await this.repo.history(objTaskId, pointId)).map(flowWire);
  }

  /** Monitored values against warning values, oldest first (the chart draws jgz blue, yjz red). */
  async trend(userId: string, objTaskId: string, pointId: string) {
    await this.gate.read(userId, objTaskId);
    const flows = await this.repo.history(objTaskId, pointId);
    return { points: flows.reverse().map((f) => ({ sj: formatDateTime(f.yjsj), jgz: f.jgz, yjz: f.yjz })) };
  }

  /**
   * Handling: cause analysis and measure, each required and at most 500 characters (the rule of text-rules.ts, naming
   * the field); a record is handled once. The contract's Disposal has read the id and the texts' types.
   */
  async dispose(user: { id: string; name: string }, input: Disposal) {
    const flow = await this.repo.flow(input.id);
    if (!flow) throw new AppError('NOT_FOUND', '预警不存在');
    await this.gate.handle(user.id, flow.objTaskId);
    for (const field of ['yyfx', 'clcs'] as const) {
      const problem = checkDiagnosisText(input[field]);
      if (problem) throw new AppError('VALIDATION', problem, { field });
    }
    if (flow.clsj) throw new AppError('CONFLICT', '该预警已处理');
    const done = await this.repo.dispose(flow.id, { yyfx: (input.yyfx as string).trim(), clcs: (input.clcs as string).trim(), userId: user.id, userName: user.name });
    if (!done) throw new AppError('CONFLICT', '该预警已处理');
    return flowWire((await this.repo.flow(flow.id))!);
  }

  async counts(userId: string, objTaskId?: string): Promise<{ allNum: number; disposeNum: number }> {
    if (objTaskId) {
      await this.gate.read(userId, objTaskId);
      return this.repo.counts({ objTaskId });
    }
    return this.repo.counts({ visible: await this.gate.visible(userId) });
  }

  /** Open warnings of the tasks the person handles (the home page). */
  async mine(userId: string, query: PageQuery): Promise<Paged<ReturnType<typeof openWire>>> {
    const visible = await this.gate.visible(userId);
    const window = pageWindow(query);
    const { rows, total } = await this.repo.openFor({ userId, all: visible.all, departmentIds: visible.departmentIds }, window);
    return paged(rows.map(openWire), total, query.pageNum, window.size);
  }

  /** The open warnings the person handles, as 我的待办's items (the home page's 待处理预警). */
  /** Quality select collect: a point's samples in a date range (default the last 7 days), oldest first. */
  async samples(userId: string, q: { objTaskId: string; pointId: string; startDate?: string; endDate?: string }, now = new Date()) {
    await this.gate.read(userId, q.objTaskId);
    const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
    const end = q.endDate ? dayOf(q.endDate) : today;
    const start = q.startDate ? dayOf(q.startDate) : new Date(today.getTime() - (DEFAULT_WINDOW_DAYS - 1) * DAY_MS);
    if (!start || !end) throw new AppError('VALIDATION', '日期格式应为 YYYY-MM-DD');
    if (start > end) throw new AppError('VALIDATION', '开始日期不能晚于结束日期');
    if ((end.getTime() - start.getTime()) / DAY_MS > MAX_WINDOW_DAYS) throw new AppError('VALIDATION', `时间范围不能超过${MAX_WINDOW_DAYS}天`);
    const endExclusive = new Date(end.getFullYear(), end.getMonth(), end.getDate() + 1);
    return (await this.repo.samples(q.objTaskId, q.pointId, start, endExclusive)).map((s) => ({ sj: formatDateTime(s.sj), cjz: s.cjz, zlx: s.zlx }));
  }

  /** The drawer's monitoring part (no access check here: the diagnosis service checked the task). */
  async pointMonitoring(objTaskId: string, pointId: string) {
    const [raw, flows, latest] = await Promise.all([this.repo.rule(pointId), this.repo.history(objTaskId, pointId), this.repo.latestDetail(objTaskId, pointId)]);
    const { rule } = readWarningRule(raw);
    return {
      warningVo: rule ? { ...rule, yjzqmc: WARNING_PERIOD_LABELS[rule.yjzq] } : null,
      warningFlowVos: flows.map(flowWire),
      detailValue: latest?.detail ? [{ datasourceId: latest.datasourceId, cjfs: latest.cjfs, xsfs: latest.xsfs, rows: latest.detail }] : [],
    };
  }
}

function openWire(w: OpenWarning) {
  // a level rule compares grades: the monitored value travels with its grade, as the scan graded it (issue 12)
  const jgdj = w.yjlx === 'level' ? gradeOf(w.zlx as Parameters<typeof gradeOf>[0], w.target ?? null, w.jgz, calRuleOf(w.calRule)) : null;
  return {
    id: w.id, zgzkdid: w.pointId, objTaskId: w.objTaskId, zkdmc: w.zkdmc, rwmc: w.rwmc, gzdxmc: w.gzdxmc, objectType: w.objectType, yjsj: formatDateTime(w.yjsj),
    yjz: w.yjz, tj: w.tj, jgz: w.jgz, zlx: w.zlx, yjlx: w.yjlx === 'level' ? 'level' as const : 'value' as const, jgdj,
  };
}
