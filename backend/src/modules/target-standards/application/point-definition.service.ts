import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppError } from '../../../shared/errors/app-error.js';
import { descendantsOf } from '../domain/indicator-tree.js';
import { nextPointCodes } from '../domain/library-rules.js';
import { ADMIN_SOURCE_MESSAGE, checkPointFields, needsAdminForSources, normalizePointFields, warningRuleOf, type PointFields } from '../domain/point-definition.js';
import type { ValueType } from '../../../shared/kernel/value-types.js';
import { LibraryGate } from './library-gate.js';
import { CatalogRepository } from './ports/catalog-repository.port.js';
import { PointDefinitionRepository, type PointDefinition } from './ports/point-definition-repository.port.js';

/** The wire shape of a point definition: the spec's names (zkdid is the code, stable across copies and cycles). */
export interface PointDefinitionInput {
  zkdid?: string | null;
  zkdmc?: string;
  nh?: string | null;
  zdbz?: string | null;
  bzz?: string | null;
  mbz?: string | null;
  zlx?: string;
  fsdl?: number;
  fsjzxz?: number;
  ration?: string | null;
  calRule?: unknown;
  samplingPeriod?: string;
  warningRule?: unknown;
  sortOrder?: number;
  datasources?: Array<{ sjlx?: string; jsgz?: string | null; cjfs?: string; xsfs?: string; config?: Record<string, unknown> | null }>;
}

/** Quality-point definitions of a library (001 §3 quality point row, §7 quality persist). */
@Injectable()
export class PointDefinitionService {
  constructor(
    private readonly points: PointDefinitionRepository,
    private readonly catalog: CatalogRepository,
    private readonly gate: LibraryGate,
  ) {}

  /** Every point of the library, or of an indicator and everything below it; no paging. */
  async list(userId: string, libraryId: string, indicatorId: string | null) {
    await this.gate.open(userId, libraryId, 'read');
    let indicatorIds: string[] | null = null;
    if (indicatorId) {
      const nodes = await this.catalog.nodes(libraryId);
      if (!nodes.some((n) => n.id === indicatorId)) throw new AppError('VALIDATION', '指标不存在或不属于该目标标准');
      indicatorIds = [indicatorId, ...descendantsOf(nodes, indicatorId)];
    }
    return (await this.points.list(libraryId, indicatorIds)).map(toWire);
  }

  async add(userId: string, input: PointDefinitionInput & { libraryId: string; indicatorId: string }) {
    const { library, isAdmin } = await this.gate.open(userId, input.libraryId, 'write');
    await this.checkIndicator(library.id, input.indicatorId);
    const fields = checked(fromInput(input, null));
    if (!isAdmin && needsAdminForSources(fields.datasources, null)) throw new AppError('NO_PERMISSION', undefined, { field: 'datasources', reason: ADMIN_SOURCE_MESSAGE });
    const code = fields.code ?? nextPointCodes(library.targetLevelId, await this.points.codes(library.id))[0]!;
    const sortOrder = input.sortOrder ?? (await this.points.maxSortOrder(library.id)) + 1;
    const id = randomUUID();
    if (!(await this.points.save({ ...fields, id, libraryId: library.id, indicatorId: input.indicatorId, code, sortOrder }, true))) throw codeTaken(code);
    return toWire((await this.points.find(id))!);
  }

  /** Replaces the definition and its data sources as a whole (fields left out keep their values). */
  async update(userId: string, input: PointDefinitionInput & { id: string; indicatorId?: string }) {
    const current = await this.points.find(input.id);
    if (!current) throw new AppError('NOT_FOUND', '质控点不存在');
    const { library, isAdmin } = await this.gate.open(userId, current.libraryId, 'write');
    const indicatorId = input.indicatorId ?? current.indicatorId;
    if (indicatorId !== current.indicatorId && indicatorId !== null) await this.checkIndicator(library.id, indicatorId);
    const fields = checked(fromInput(input, current));
    if (!isAdmin && needsAdminForSources(fields.datasources, current.datasources)) throw new AppError('NO_PERMISSION', undefined, { field: 'datasources', reason: ADMIN_SOURCE_MESSAGE });
    const code = fields.code ?? current.code;
    if (!(await this.points.save({ ...fields, id: current.id, libraryId: library.id, indicatorId, code, sortOrder: input.sortOrder ?? current.sortOrder }, false))) throw codeTaken(code);
    return toWire((await this.points.find(current.id))!);
  }

  /** Refused while objects' tasks hold results or attachments of the point. */
  async remove(userId: string, id: string): Promise<null> {
    const current = await this.points.find(id);
    if (!current) throw new AppError('NOT_FOUND', '质控点不存在');
    await this.gate.open(userId, current.libraryId, 'write');
    if (await this.points.inUse(id)) throw new AppError('CONFLICT', '该质控点已有诊断结果或附件，不能删除');
    await this.points.remove(current.libraryId, id);
    return null;
  }

  private async checkIndicator(libraryId: string, indicatorId: string): Promise<void> {
    const node = await this.catalog.find(indicatorId);
    if (!node || node.libraryId !== libraryId) throw new AppError('VALIDATION', '指标不存在或不属于该目标标准');
  }
}

const codeTaken = (code: string) => new AppError('CONFLICT', `质控点编号已存在：${code}`, { field: 'zkdid' });

function checked(fields: PointFields): PointFields {
  const normal = normalizePointFields(fields);
  const problem = checkPointFields(normal);
  if (problem) throw new AppError('VALIDATION', problem.message, { field: problem.field });
  return normal;
}

function submittedRule(raw: unknown) {
  const { rule, problem } = warningRuleOf(raw);
  if (problem) throw new AppError('VALIDATION', problem.message, { field: problem.field });
  return rule;
}

/** The input over the current definition: a field sent replaces it, a field left out keeps it. */
function fromInput(i: PointDefinitionInput, current: PointDefinition | null): PointFields {
  const pick = <K extends keyof PointFields>(key: K, value: unknown, fallback: PointFields[K]): PointFields[K] => (value === undefined ? (current ? current[key] : fallback) : (value as PointFields[K]));
  return {
    code: i.zkdid === undefined ? (current?.code ?? null) : i.zkdid,
    zkdmc: pick('zkdmc', i.zkdmc, ''),
    nh: pick('nh', i.nh, null),
    zdbz: pick('zdbz', i.zdbz, null),
    bzz: pick('bzz', i.bzz, null),
    mbz: pick('mbz', i.mbz, null),
    zlx: pick('zlx', i.zlx, '' as ValueType),
    fsdl: pick('fsdl', i.fsdl, 0),
    fsjzxz: pick('fsjzxz', i.fsjzxz, 0),
    ration: pick('ration', i.ration, null),
    calRule: pick('calRule', i.calRule, null),
    samplingPeriod: pick('samplingPeriod', i.samplingPeriod, 'none'),
    warningRule: i.warningRule === undefined ? (current?.warningRule ?? null) : submittedRule(i.warningRule),
    datasources: i.datasources === undefined
      ? (current?.datasources.map(({ sjlx, jsgz, cjfs, xsfs, config }) => ({ sjlx, jsgz, cjfs, xsfs, config })) ?? [])
      : i.datasources.map((d) => ({
          sjlx: (d.sjlx ?? i.zlx ?? current?.zlx) as ValueType, jsgz: d.jsgz ?? null, cjfs: (d.cjfs ?? 'report') as never, xsfs: (d.xsfs ?? 'table') as never,
          config: typeof d.config === 'object' && d.config !== null && !Array.isArray(d.config) ? d.config : null,
        })),
  };
}

export function toWire(p: PointDefinition) {
  return {
    id: p.id,
    libraryId: p.libraryId,
    indicatorId: p.indicatorId,
    zkdid: p.code,
    zkdmc: p.zkdmc,
    nh: p.nh,
    zdbz: p.zdbz,
    bzz: p.bzz,
    mbz: p.mbz,
    zlx: p.zlx,
    fsdl: p.fsdl,
    fsjzxz: p.fsjzxz,
    ration: p.ration,
    calRule: p.calRule,
    samplingPeriod: p.samplingPeriod,
    warningRule: p.warningRule,
    sortOrder: p.sortOrder,
    originId: p.originId,
    datasources: p.datasources.map((d) => ({ id: d.id, sjlx: d.sjlx, jsgz: d.jsgz, cjfs: d.cjfs, xsfs: d.xsfs, config: d.config })),
  };
}
