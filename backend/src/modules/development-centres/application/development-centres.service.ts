import type { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import {
  CENTRE_MESSAGES, CENTRES, HANDLING_NAMES, IMPROVEMENT_EFFECT_NAMES, REPORT_STATE_NAMES,
  type CentreCycles, type CentreFigures, type CentreHome, type CentreLevel, type CentreOverview, type CentrePortrait, type CentreRow, type CentreSort,
  type PortraitMeasure, type ReportState,
} from '@zhengai/contracts';
import { AppError } from '../../../shared/errors/app-error.js';
import { AccessPolicy } from '../../../shared/http/access-policy.port.js';
import { attainmentOf } from '../../../shared/kernel/attainment.js';
import { formatDateTime } from '../../../shared/kernel/format.js';
import { calRuleOf } from '../../../shared/kernel/grade.js';
import { flagOf, numberOf } from '../../../shared/kernel/value-types.js';
import { pageWindow, type PageQuery } from '../../../shared/pagination.js';
import { AUDIT_STATE_NAMES } from '../../diagnosis/domain/audit.js';
import { landsInCentreAfterLogin, mayReadObject, type CentreViewer } from '../domain/centre-access.js';
import { improvementEffect, improvementRate, isMeasure } from '../../../shared/kernel/improvement-effect.js';
import { CentreSheet } from './ports/centre-sheet.port.js';
import { CentreReader, type CentreFilter, type CentreRowData, type CycleWindow, type PortraitResultData } from './ports/centre-reader.port.js';

/** The overview's filters and order, as the controller reads them from the contract's query. */
export interface OverviewInput extends CentreFilter {
  level: CentreLevel;
  cycle: string | null;
  sort: CentreSort;
  order: 'asc' | 'desc';
}

/** The export's columns (Chinese headers, the overview's row in this order). */
export const EXPORT_HEADER = ['代码', '名称', '所属部门', '所属专业', '负责人', '审核状态', '得分', '上周期得分', 'A', 'B', 'C', 'D', 'Y', 'N', '质控点数', '未达标', '未处理预警', '改进有效率(%)'];

/** The lower level shown on a portrait: a major's courses. */
const LOWER_LEVEL: Partial<Record<CentreLevel, CentreLevel>> = { major: 'course' };
const UNMET_OPEN_TEXT = { open: HANDLING_NAMES[1], handled: HANDLING_NAMES[0] };

/** A result value as a number (numbers and percents; 有/是 1, 无/否 0), as the SQL of the overview reads it. */
const numberIn = (text: string | null): number | null => numberOf(text) ?? flagOf(text);

/**
 * 发展中心 (issue 33): each level's cycles, overview, export and portraits, and where a teacher or student lands.
 * Every call checks first: the level's centre menu (CENTRES[level].menuKey), then, per object, the domain's
 * CENTRE_READS (lists and figures in SQL, the portrait in memory); an unreadable portrait is answered as not found.
 */
@Injectable()
export class DevelopmentCentresService {
  constructor(
    private readonly reader: CentreReader,
    private readonly policy: AccessPolicy,
    private readonly sheet: CentreSheet,
  ) {}

  /** The level's centre menu, or no permission (administrators hold every menu). */
  private async requireCentre(userId: string, level: CentreLevel): Promise<void> {
    const access = await this.policy.accessOf(userId);
    if (!access || (!access.isAdmin && !access.menuKeys.has(CENTRES[level].menuKey))) throw new AppError('NO_PERMISSION');
  }

  async cycles(userId: string, level: CentreLevel): Promise<CentreCycles> {
    await this.requireCentre(userId, level);
    const cycles = await this.reader.cycles(level);
    return { cycles, current: cycles[0] ?? null };
  }

  /** The cycle asked for (the newest without one) and the one before it in the level's order. */
  private async windowOf(level: CentreLevel, cycle: string | null): Promise<{ window: CycleWindow | null; before: string | null }> {
    const cycles = await this.reader.cycles(level);
    const current = cycle ?? cycles[0] ?? null;
    if (current === null) return { window: null, before: null };
    const i = cycles.indexOf(current);
    // a cycle without tasks of the level: its rows show no task; the previous one is the newest older cycle
    const older = i >= 0 ? cycles.slice(i + 1) : cycles.filter((c) => c < current);
    return { window: { cycle: current, previous: older[0] ?? null }, before: older[1] ?? null };
  }

  async overview(userId: string, input: OverviewInput, page: PageQuery): Promise<CentreOverview> {
    await this.requireCentre(userId, input.level);
    const viewer = await this.reader.viewer(userId);
    const found = await this.windowOf(input.level, input.cycle);
    const w = pageWindow(page);
    // before any task of the level the objects are listed all the same, none with a task, and there are no figures
    const window = found.window ?? { cycle: '', previous: null };
    const { ids, total } = await this.reader.pageIds(input.level, window, viewer, input, { by: input.sort, order: input.order }, w);
    const records = (await this.reader.rows(ids, window)).map(toRow);
    const paged = { records, total, current: page.pageNum, pages: w.size > 0 ? Math.ceil(total / w.size) : 0 };
    if (found.window === null) return { level: input.level, cycle: null, figures: null, lastFigures: null, page: paged };
    const before = found.before;
    // one after another: a request takes one pooled connection at a time (the figures read a whole level)
    const figures = await this.figures(input.level, window, viewer);
    const lastFigures = window.previous === null ? null : await this.figures(input.level, { cycle: window.previous, previous: before }, viewer);
    return {
      level: input.level,
      cycle: window.cycle,
      figures,
      lastFigures,
      page: paged,
    };
  }

  private async figures(level: CentreLevel, window: CycleWindow, viewer: CentreViewer): Promise<CentreFigures> {
    return { cycle: window.cycle, ...(await this.reader.figures(level, window, viewer)) };
  }

  /** The export: every row the overview's filters match, in its order, one sheet with Chinese headers. */
  async export(userId: string, input: OverviewInput): Promise<{ fileName: string; write(out: Writable): Promise<void> }> {
    const { fileName, header, rows } = await this.exportRows(userId, input);
    return { fileName, write: (out) => this.sheet.write({ name: CENTRES[input.level].name, header, rows }, out) };
  }

  private async exportRows(userId: string, input: OverviewInput): Promise<{ fileName: string; header: string[]; rows: string[][] }> {
    await this.requireCentre(userId, input.level);
    const viewer = await this.reader.viewer(userId);
    const { window } = await this.windowOf(input.level, input.cycle);
    const fileName = `${CENTRES[input.level].name}${window ? `-${window.cycle}` : ''}.xlsx`;
    const { ids } = await this.reader.pageIds(input.level, window ?? { cycle: '', previous: null }, viewer, input, { by: input.sort, order: input.order }, pageWindow({ pageNum: 1, pageSize: 0 }));
    const rows = (await this.reader.rows(ids, window ?? { cycle: '', previous: null })).map(toRow);
    const text = (v: string | number | null) => (v === null ? '' : String(v));
    return {
      fileName,
      header: EXPORT_HEADER,
      rows: rows.map((r) => [
        r.code, r.name, text(r.departmentName), text(r.upperName), text(r.responsibleName), r.auditStateName, text(r.score), text(r.lastScore),
        ...(['A', 'B', 'C', 'D', 'Y', 'N'] as const).map((g) => String(r.grades[g])), String(r.points), String(r.unmet), String(r.openWarnings), text(r.improvementRate),
      ]),
    };
  }

  async portrait(userId: string, objectId: string): Promise<CentrePortrait> {
    const object = await this.reader.object(objectId);
    const viewer = await this.reader.viewer(userId);
    // not found and not readable answer alike: nothing tells an unreadable object from a missing one
    if (!object || !mayReadObject(viewer, object)) throw new AppError('NOT_FOUND', CENTRE_MESSAGES.notFound);
    await this.requireCentre(userId, object.level);
    const levelCycles = await this.reader.cycles(object.level);
    const [tasks, results, warnings, reports] = await Promise.all([
      this.reader.portraitTasks(objectId),
      this.reader.portraitResults(objectId),
      this.reader.portraitWarnings(objectId),
      this.reader.portraitReports(object.level, object.code),
    ]);
    const cycles = tasks.map((t) => t.cycle);
    const measures = measuresOf(results, levelCycles);
    const lowerLevel = LOWER_LEVEL[object.level] ?? null;
    let lowers: CentreRow[] = [];
    if (lowerLevel) {
      const { window } = await this.windowOf(lowerLevel, null);
      if (window) {
        const { ids } = await this.reader.pageIds(lowerLevel, window, viewer, { departmentId: null, majorId: object.id, keyword: null }, { by: 'code', order: 'asc' }, { take: 500, skip: 0 });
        lowers = (await this.reader.rows(ids, window)).map(toRow);
      }
    }
    return {
      objectId: object.id,
      level: object.level,
      portraitName: CENTRES[object.level].portrait,
      code: object.code,
      name: object.name,
      departmentName: object.departmentName,
      upperId: object.upperId,
      upperName: object.upperName,
      responsibleName: object.responsibleName,
      retired: object.retired,
      cycles: tasks.map((t) => ({ ...t, auditStateName: AUDIT_STATE_NAMES[t.auditState] })),
      points: pointsOf(results, cycles),
      lowers,
      lowerLevel,
      warnings: warnings.map((w) => ({
        id: w.id,
        cycle: w.cycle,
        pointName: w.pointName,
        content: `结果值${w.jgz ?? '—'}，预警条件${w.tj}${w.yjz}`,
        state: w.handled ? 'handled' : 'open',
        stateName: w.handled ? UNMET_OPEN_TEXT.handled : UNMET_OPEN_TEXT.open,
        time: formatDateTime(new Date(w.time)),
        handled: w.handled,
      })),
      reports: reports.map((r) => ({ ...r, stateName: REPORT_STATE_NAMES[r.state as ReportState] ?? r.state })),
      measures,
      improvementRate: improvementRate(measures.map((m) => m.effect)),
    };
  }

  /** A teacher's or student's own object, where they land; nothing for others. */
  async home(userId: string): Promise<CentreHome> {
    const own = await this.reader.ownObject(userId);
    if (!own) return { level: null, objectId: null, afterLogin: false };
    const viewer = await this.reader.viewer(userId);
    return { level: own.level, objectId: own.id, afterLogin: landsInCentreAfterLogin(viewer.roleCodes) };
  }
}

function toRow(r: CentreRowData): CentreRow {
  return { ...r, auditStateName: r.auditState ? AUDIT_STATE_NAMES[r.auditState] : '未下发' };
}

/** Each point (by code) across the object's cycles, oldest first; a cycle without the point has nulls. */
function pointsOf(results: readonly PortraitResultData[], cycles: readonly string[]): CentrePortrait['points'] {
  const byCode = new Map<string, { name: string; zlx: string; byCycle: Map<string, PortraitResultData> }>();
  for (const r of results) {
    const p = byCode.get(r.code) ?? { name: r.name, zlx: r.zlx, byCycle: new Map() };
    p.name = r.name; // the newest cycle's name
    p.byCycle.set(r.cycle, r);
    byCode.set(r.code, p);
  }
  return [...byCode].map(([code, p]) => ({
    code,
    name: p.name,
    unit: p.zlx === 'percent' ? '%' : null,
    values: cycles.map((cycle) => {
      const r = p.byCycle.get(cycle);
      if (!r) return { cycle, value: null, target: null, grade: null, met: null };
      const a = attainmentOf(r);
      return { cycle, value: numberIn(r.jgz), target: numberIn(r.mbz), grade: r.jgdj, met: a === '未填报' ? null : a === '达标' };
    }),
  }));
}

/** The measures of every cycle, each judged by the same point's result in the level's next cycle. */
function measuresOf(results: readonly PortraitResultData[], levelCycles: readonly string[]): PortraitMeasure[] {
  const ascending = [...levelCycles].reverse(); // the level's order, oldest first
  const at = new Map(results.map((r) => [`${r.cycle}\u0000${r.code}`, r]));
  return results
    .filter((r) => attainmentOf(r) === '未达标' && isMeasure(r.gjcs))
    .map((r) => {
      const nextCycle = ascending[ascending.indexOf(r.cycle) + 1] ?? null;
      const next = nextCycle === null ? undefined : at.get(`${nextCycle}\u0000${r.code}`);
      const value = numberIn(r.jgz);
      const nextValue = next ? numberIn(next.jgz) : null;
      const effect = improvementEffect(value, next ? { value: nextValue, met: attainmentOf(next) === '达标' } : null, calRuleOf(r.calRule).direction);
      return {
        cycle: r.cycle, nextCycle, code: r.code, name: r.name, analysis: r.yyfx, measure: r.gjcs!.trim(),
        value, nextValue, target: numberIn(r.mbz), effect, effectName: IMPROVEMENT_EFFECT_NAMES[effect],
      };
    });
}
