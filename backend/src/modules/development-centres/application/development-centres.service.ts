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
import { formatDateTime, formatPercent } from '../../../shared/kernel/format.js';
import { calRuleOf } from '../../../shared/kernel/grade.js';
import { flagOf, numberOf } from '../../../shared/kernel/value-types.js';
import { pageWindow, type PageQuery } from '../../../shared/pagination.js';
import { StampedCache } from '../../../shared/stamped-cache.js';
import { AUDIT_STATE_NAMES } from '../../diagnosis/domain/audit.js';
import { landsInCentreAfterLogin, mayReadObject, readerScope, type CentreViewer } from '../domain/centre-access.js';
import { improvementEffect, improvementRate, isMeasure } from '../../../shared/kernel/improvement-effect.js';
import { olderCycles } from '../domain/cycle-window.js';
import { CentreSheet } from './ports/centre-sheet.port.js';
import { CentreReader, type CentreFiguresData, type CentreFilter, type CentreRowData, type CycleWindow, type PortraitResultData } from './ports/centre-reader.port.js';
import { CentreStamp } from './ports/centre-stamp.port.js';

/** Who asks: the session's person and access stamp (the access guard's snapshot of their menus is used again under it). */
export interface CentreCaller {
  userId: string;
  accessStamp?: string;
}

/** The overview's filters and order, as the controller reads them from the contract's query. */
export interface OverviewInput extends CentreFilter {
  level: CentreLevel;
  cycle: string | null;
  sort: CentreSort;
  order: 'asc' | 'desc';
}

/** The export's columns (Chinese headers, the overview's row in this order). */
export const EXPORT_HEADER = ['代码', '名称', '所属部门', '所属专业', '负责人', '审核状态', '得分', '上周期得分', 'A', 'B', 'C', 'D', 'Y', 'N', '质控点数', '未达标', '未处理预警', '改进有效率'];

/** The lower level shown on a portrait: a major's courses. */
const LOWER_LEVEL: Partial<Record<CentreLevel, CentreLevel>> = { major: 'course' };
const UNMET_OPEN_TEXT = { open: HANDLING_NAMES[1], handled: HANDLING_NAMES[0] };

/** A result value as a number (numbers and percents; 有/是 1, 无/否 0), as the SQL of the overview reads it. */
const numberIn = (text: string | null): number | null => numberOf(text) ?? flagOf(text);

/** Kept figures and cycles: a few hundred keys (4 levels × cycles viewed × reader scopes); the stamp keeps them true, the age only bounds memory. */
const KEPT_ENTRIES = 1_000;
const KEPT_MS = 10 * 60_000;
/** Kept orders: up to this many lists (a level's 15,000 students' ids are about 1 MB). */
const KEPT_LISTS = 64;
/** Kept rows (an object's row in a cycle): a level of 15,000 students is about 10 MB. */
const KEPT_ROWS = 40_000;
/** Every row: the export, and a kept order. */
const EVERY_ROW = pageWindow({ pageNum: 1, pageSize: 0 });

/**
 * 发展中心 (issue 33): each level's cycles, overview, export and portraits, and where a teacher or student lands.
 * Every call checks first: the level's centre menu (CENTRES[level].menuKey), then, per object, the domain's
 * CENTRE_READS (lists and figures in SQL, the portrait in memory); an unreadable portrait is answered as not found.
 * A level's figures (every result of a cycle) and its cycles are kept in memory under the centres' data stamp, so
 * paging and sorting do not read them again; any change to what they are read from makes the next request read them.
 */
@Injectable()
export class DevelopmentCentresService {
  /** A level's figures by (level, cycle, previous cycle, reader scope): shared by everyone reading the same objects. */
  private readonly keptFigures = new StampedCache<CentreFiguresData>(KEPT_ENTRIES, KEPT_MS);
  private readonly keptCycles = new StampedCache<string[]>(KEPT_ENTRIES, KEPT_MS);
  /** The ids of a list in its order, by (level, cycles, reader scope, department, major, sort, order); a search is read as asked. */
  private readonly keptOrders = new StampedCache<{ ids: string[]; total: number }>(KEPT_LISTS, KEPT_MS);
  /** An object's row by (cycle, previous cycle, object): the same for every reader. */
  private readonly keptRows = new StampedCache<CentreRowData | null>(KEPT_ROWS, KEPT_MS);

  constructor(
    private readonly reader: CentreReader,
    private readonly policy: AccessPolicy,
    private readonly sheet: CentreSheet,
    private readonly stamp: CentreStamp,
  ) {}

  /** The level's cycles, newest first (kept under the stamp). */
  private levelCycles(level: CentreLevel): Promise<string[]> {
    return this.keptCycles.get(level, this.stamp.current(), () => this.reader.cycles(level));
  }

  /** The level's centre menu, or no permission (administrators hold every menu). */
  private async requireCentre(caller: CentreCaller, level: CentreLevel): Promise<void> {
    const access = await this.policy.accessOf(caller.userId, caller.accessStamp);
    if (!access || (!access.isAdmin && !access.menuKeys.has(CENTRES[level].menuKey))) throw new AppError('NO_PERMISSION');
  }

  async cycles(caller: CentreCaller, level: CentreLevel): Promise<CentreCycles> {
    await this.requireCentre(caller, level);
    const cycles = [...(await this.levelCycles(level))];
    return { cycles, current: cycles[0] ?? null };
  }

  /** The cycle asked for (the newest without one) and the one before it in the level's order. */
  private async windowOf(level: CentreLevel, cycle: string | null): Promise<{ window: CycleWindow | null; before: string | null }> {
    const cycles = await this.levelCycles(level);
    const current = cycle ?? cycles[0] ?? null;
    if (current === null) return { window: null, before: null };
    // a cycle without tasks of the level: its rows show no task; the previous one is the newest older cycle
    const older = olderCycles(cycles, current);
    return { window: { cycle: current, previous: older[0] ?? null }, before: older[1] ?? null };
  }

  async overview(caller: CentreCaller, input: OverviewInput, page: PageQuery): Promise<CentreOverview> {
    await this.requireCentre(caller, input.level);
    const viewer = await this.reader.viewer(caller.userId);
    const found = await this.windowOf(input.level, input.cycle);
    const w = pageWindow(page);
    // before any task of the level the objects are listed all the same, none with a task, and there are no figures
    const window = found.window ?? { cycle: '', previous: null };
    const { ids, total } = await this.listed(input, window, viewer, w);
    const records = (await this.pageRows(ids, window)).map(toRow);
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

  /**
   * A page of the list the filters and order make: a search is read as asked; any other list is read whole once per
   * stamp and reader scope (sorting 15,000 objects by a figure is the cost), then each page is a slice of it.
   */
  private async listed(input: OverviewInput, window: CycleWindow, viewer: CentreViewer, page: { take: number; skip: number }): Promise<{ ids: string[]; total: number }> {
    const sort = { by: input.sort, order: input.order };
    if (input.keyword) return this.reader.pageIds(input.level, window, viewer, input, sort, page);
    const key = JSON.stringify([input.level, window.cycle, window.previous, readerScope(viewer), input.departmentId, input.majorId, sort.by, sort.order]);
    const whole = await this.keptOrders.get(key, this.stamp.current(), () => this.reader.pageIds(input.level, window, viewer, input, sort, EVERY_ROW));
    return { ids: whole.ids.slice(page.skip, page.skip + page.take), total: whole.total };
  }

  /**
   * The rows of a page, in its order: kept ones as kept, the others read in one statement. get() asks for a missing
   * row at once, so the ids to read are all collected before the one read starts.
   */
  private async pageRows(ids: string[], window: CycleWindow): Promise<CentreRowData[]> {
    const stamp = this.stamp.current();
    const missing: string[] = [];
    let read: Promise<Map<string, CentreRowData>> | null = null;
    const readMissing = () => (read ??= Promise.resolve().then(async () => new Map((await this.reader.rows(missing, window)).map((r) => [r.objectId, r]))));
    const rows = await Promise.all(ids.map((id) =>
      this.keptRows.get(JSON.stringify([window.cycle, window.previous, id]), stamp, () => {
        missing.push(id);
        return readMissing().then((found) => found.get(id) ?? null);
      })));
    return rows.filter((r): r is CentreRowData => r !== null);
  }

  /**
   * The level's figures of the objects the viewer reads, kept per reader scope (the same objects, the same figures).
   * The stamp is taken before the read: a change committed during it gives the next request a new stamp.
   */
  private async figures(level: CentreLevel, window: CycleWindow, viewer: CentreViewer): Promise<CentreFigures> {
    const key = JSON.stringify([level, window.cycle, window.previous, readerScope(viewer)]);
    const figures = await this.keptFigures.get(key, this.stamp.current(), () => this.reader.figures(level, window, viewer));
    return { cycle: window.cycle, ...figures };
  }

  /** The export: every row the overview's filters match, in its order, one sheet with Chinese headers. */
  async export(caller: CentreCaller, input: OverviewInput): Promise<{ fileName: string; write(out: Writable): Promise<void> }> {
    const { fileName, header, rows } = await this.exportRows(caller, input);
    return { fileName, write: (out) => this.sheet.write({ name: CENTRES[input.level].name, header, rows }, out) };
  }

  private async exportRows(caller: CentreCaller, input: OverviewInput): Promise<{ fileName: string; header: string[]; rows: string[][] }> {
    await this.requireCentre(caller, input.level);
    const viewer = await this.reader.viewer(caller.userId);
    const { window } = await this.windowOf(input.level, input.cycle);
    const fileName = `${CENTRES[input.level].name}${window ? `-${window.cycle}` : ''}.xlsx`;
    const { ids } = await this.listed(input, window ?? { cycle: '', previous: null }, viewer, EVERY_ROW);
    const rows = (await this.reader.rows(ids, window ?? { cycle: '', previous: null })).map(toRow);
    const text = (v: string | number | null) => (v === null ? '' : String(v));
    return {
      fileName,
      header: EXPORT_HEADER,
      rows: rows.map((r) => [
        // scores and 改进有效率 are percents, shown as the page shows them ('75.00%'); the counts as whole numbers
        r.code, r.name, text(r.departmentName), text(r.upperName), text(r.responsibleName), r.auditStateName, formatPercent(r.score, ''), formatPercent(r.lastScore, ''),
        ...(['A', 'B', 'C', 'D', 'Y', 'N'] as const).map((g) => String(r.grades[g])), String(r.points), String(r.unmet), String(r.openWarnings), formatPercent(r.improvementRate, ''),
      ]),
    };
  }

  async portrait(caller: CentreCaller, objectId: string): Promise<CentrePortrait> {
    const object = await this.reader.object(objectId);
    const viewer = await this.reader.viewer(caller.userId);
    // not found and not readable answer alike: nothing tells an unreadable object from a missing one
    if (!object || !mayReadObject(viewer, object)) throw new AppError('NOT_FOUND', CENTRE_MESSAGES.notFound);
    await this.requireCentre(caller, object.level);
    const levelCycles = await this.levelCycles(object.level);
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
