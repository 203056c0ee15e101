import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppError } from '../../../shared/errors/app-error.js';
import type { Catalog, IndicatorInput, IndicatorSaved, IndicatorUpdate } from '@zhengai/contracts';
import { catalogTree, levelRefusal, planMove, siblingNameTaken } from '../domain/indicator-tree.js';
import { LibraryGate } from './library-gate.js';
import { CatalogRepository } from './ports/catalog-repository.port.js';

/** catalog/update (the contract's IndicatorUpdate): parentId absent stays where it is; null moves to the first level. */
export type CatalogChange = IndicatorUpdate;

/** A library's indicator catalogue (001 §7 catalog): the tree, add, rename and move, delete. */
@Injectable()
export class CatalogService {
  constructor(
    private readonly catalog: CatalogRepository,
    private readonly gate: LibraryGate,
  ) {}

  async tree(userId: string, libraryId: string): Promise<Catalog> {
    const { library } = await this.gate.open(userId, libraryId, 'read');
    return { treeLevel: library.treeLevel, nodes: catalogTree(await this.catalog.nodes(libraryId)) };
  }

  /**
   * A level-1 indicator without parentId, else one level below its parent; never deeper than the library allows. The
   * input as the contract's IndicatorInput reads it (the name trimmed, present, within its limit).
   */
  async add(userId: string, input: IndicatorInput): Promise<IndicatorSaved> {
    const { library } = await this.gate.open(userId, input.libraryId, 'write');
    const { name } = input;
    const nodes = await this.catalog.nodes(library.id);
    const parentId = input.parentId ?? null;
    const parent = parentId === null ? null : nodes.find((n) => n.id === parentId);
    if (parent === undefined) throw new AppError('VALIDATION', '上级指标不存在或不属于该目标标准');
    const level = (parent?.level ?? 0) + 1;
    const refusal = levelRefusal(level, library.treeLevel);
    if (refusal) throw new AppError('VALIDATION', refusal);
    if (siblingNameTaken(nodes, parentId, name)) throw new AppError('CONFLICT', '同级已有同名指标');
    const id = randomUUID();
    await this.catalog.add(library.id, { id, parentId, name, level, sortOrder: input.sortOrder ?? null });
    return { id, level };
  }

  /** Rename, reorder, or move within the library (never under its own subtree, never deeper than the library allows). */
  async update(userId: string, change: CatalogChange): Promise<IndicatorSaved> {
    const node = await this.catalog.find(change.id);
    if (!node) throw new AppError('NOT_FOUND', '指标不存在');
    const { library } = await this.gate.open(userId, node.libraryId, 'write');
    const nodes = await this.catalog.nodes(library.id);
    const name = change.name ?? node.name;
    const parentId = change.parentId === undefined ? node.parentId : change.parentId;
    const moved = planMove(nodes, node.id, parentId, library.treeLevel);
    if ('refusal' in moved) throw new AppError('VALIDATION', moved.refusal);
    if (siblingNameTaken(nodes, parentId, name, node.id)) throw new AppError('CONFLICT', '同级已有同名指标');
    // Moved without a position: last among its new siblings.
    const last = () => Math.max(0, ...nodes.filter((n) => n.parentId === parentId && n.id !== node.id).map((n) => n.sortOrder)) + 1;
    const sortOrder = change.sortOrder ?? (parentId === node.parentId ? node.sortOrder : last());
    await this.catalog.update(library.id, node.id, { name, parentId, level: moved.level, sortOrder });
    return { id: node.id, level: moved.level };
  }

  /** Refuses a node with children or points unless cascade; never removes points that hold results or attachments. */
  async remove(userId: string, id: string, cascade: boolean): Promise<null> {
    const node = await this.catalog.find(id);
    if (!node) throw new AppError('NOT_FOUND', '指标不存在');
    const { library } = await this.gate.open(userId, node.libraryId, 'write');
    const use = await this.catalog.use(id);
    if (!cascade && (use.children > 0 || use.points > 0)) {
      throw new AppError('CONFLICT', `该指标下还有${use.children}个下级指标、${use.points}个质控点，不能删除`, { children: use.children, points: use.points });
    }
    if (use.used) throw new AppError('CONFLICT', '该指标下的质控点已有诊断结果或附件，不能删除');
    await this.catalog.remove(library.id, id);
    return null;
  }
}
