import { Injectable } from '@nestjs/common';
import {
  SCHOOL_ANALYSIS_MESSAGES,
  SCHOOL_INDICATORS,
  type CardChart,
  type CardData,
  type Dashboard,
  type DashboardTile,
  type Page,
  type Portrayal,
  type PortrayalInput,
  type PortrayalQuery,
} from '@zhengai/contracts';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { cardDataOf, platformFigures, rankFigures, rivalRankFigures, trendFigures, type Figures } from '../domain/card-data.js';
import { portrayalTree, withCards, wouldCycle } from '../domain/portrayal-tree.js';
import { HEADLINE_INDICATORS, MonitoringService } from './monitoring.service.js';
import { PortrayalRepository, type PortrayalValues, type Readers } from './ports/portrayal-repository.port.js';
import { RivalAnalysisService } from './rival-analysis.service.js';

const M = SCHOOL_ANALYSIS_MESSAGES;

/**
 * Portraits: cards, menus (nested, holding cards) and screens (holding cards), read by role grants keyed by cm (the
 * administrator reads all); card figures from the live platform or the national indicators; personal dashboards.
 */
@Injectable()
export class PortrayalService {
  constructor(
    private readonly repo: PortrayalRepository,
    private readonly uow: UnitOfWork,
    private readonly monitoring: MonitoringService,
    private readonly rivals: RivalAnalysisService,
  ) {}

  /** null (everything) for the administrator, else the person's role ids. */
  async readers(userId: string): Promise<Readers> {
    const { roleIds, isAdmin } = await this.repo.rolesOf(userId);
    return isAdmin ? null : roleIds;
  }

  async cards(q: PortrayalQuery, readers: Readers = null): Promise<Page<Portrayal>> {
    const current = q.pageNum ?? 1;
    const size = q.pageSize ?? 10;
    const { rows, total } = await this.repo.cards(q, readers, (current - 1) * size, size);
    return { records: rows, total, current, pages: Math.ceil(total / size) };
  }

  async menus(readers: Readers = null, level?: string): Promise<Portrayal[]> {
    const menus = await this.repo.ofKind('menu', readers, level);
    return portrayalTree(menus, await this.repo.cardsOf(menus.map((m) => m.id), readers));
  }

  async screens(readers: Readers = null): Promise<Portrayal[]> {
    const screens = await this.repo.ofKind('screen', readers);
    return withCards(screens, await this.repo.cardsOf(screens.map((s) => s.id), readers));
  }

  async cardsByAuth(userId: string, q: PortrayalQuery): Promise<Page<Portrayal>> {
    return this.cards(q, await this.readers(userId));
  }

  async menusByAuth(userId: string, level?: string): Promise<Portrayal[]> {
    return this.menus(await this.readers(userId), level);
  }

  async screensByAuth(userId: string): Promise<Portrayal[]> {
    return this.screens(await this.readers(userId));
  }

  /** Adds (no id) or changes a record with its grants and card list, in one transaction. */
  async save(input: PortrayalInput): Promise<Portrayal> {
    const found = input.id ? await this.repo.find(input.id) : null;
    if (input.id && !found) throw new AppError('NOT_FOUND', M.portrayalNotFound);
    if (found && found.kind !== input.kind) throw new AppError('VALIDATION', '画像类型不能修改');
    const values = await this.valuesOf(input, found);
    if (await this.repo.cmTaken(values.cm, input.id)) throw new AppError('CONFLICT', M.cmTaken);
    const roleIds = input.roleIds === undefined ? undefined : [...new Set(input.roleIds)];
    if (roleIds && (await this.repo.existingRoles(roleIds)).length !== roleIds.length) throw new AppError('VALIDATION', '角色不存在');
    const cardIds = input.kind === 'card' || input.cardIds === undefined ? undefined : [...new Set(input.cardIds)];
    if (cardIds && (await this.repo.readableCards(cardIds, null)).length !== cardIds.length) throw new AppError('VALIDATION', '所选卡片不存在');
    const id = await this.uow.run(async (tx) => {
      let id: string;
      if (found) {
        id = found.id;
        await this.repo.update(tx, id, values);
      } else id = await this.repo.insert(tx, values);
      if (roleIds) await this.repo.setGrants(tx, values.cm, roleIds);
      if (cardIds) await this.repo.setCards(tx, id, cardIds);
      return id;
    });
    return (await this.repo.find(id))!;
  }

  /** Deletes a record (refused while menus sit under it); its grants and its places in card lists go with it. */
  async remove(id: string): Promise<void> {
    if (!(await this.repo.find(id))) throw new AppError('NOT_FOUND', M.portrayalNotFound);
    if (await this.repo.hasChildren(id)) throw new AppError('CONFLICT', M.portrayalHasChildren);
    await this.uow.run((tx) => this.repo.delete(tx, id));
  }

  /** A card's figures, for a person it is granted to (the chart: the person's choice, else the card's). */
  async cardData(userId: string, id: string, chart?: CardChart): Promise<CardData> {
    const card = await this.repo.find(id);
    if (!card || card.kind !== 'card' || !card.content) throw new AppError('NOT_FOUND', M.portrayalNotFound);
    const readers = await this.readers(userId);
    if (readers !== null && !card.roleIds.some((r) => readers.includes(r))) throw new AppError('NO_PERMISSION');
    const figures = await this.figuresOf(userId, card.content);
    return cardDataOf({ id: card.id, name: card.name, chart: chart ?? card.content.chart }, figures, new Date());
  }

  async dashboard(userId: string): Promise<Dashboard> {
    const saved = await this.repo.dashboard(userId);
    // a card since deleted or no longer granted drops out
    const readable = new Set(await this.repo.readableCards(saved.tiles.map((t) => t.cardId), await this.readers(userId)));
    return { tiles: saved.tiles.filter((t) => readable.has(t.cardId)), updatedAt: saved.updatedAt };
  }

  /** Saves the tiles (DashboardInputSchema has bounded them to DASHBOARD_MAX_TILES), each a card the person may read. */
  async saveDashboard(userId: string, tiles: DashboardTile[]): Promise<Dashboard> {
    const ids = [...new Set(tiles.map((t) => t.cardId))];
    const readable = await this.repo.readableCards(ids, await this.readers(userId));
    if (readable.length !== ids.length) throw new AppError('VALIDATION', '仪表盘只能放置有权查看的卡片');
    await this.repo.saveDashboard(userId, tiles);
    return this.repo.dashboard(userId);
  }

  private async figuresOf(userId: string, content: NonNullable<Portrayal['content']>): Promise<Figures> {
    switch (content.source) {
      case 'points-by-grade':
      case 'warnings-by-state':
      case 'tasks-by-state':
      case 'collection-by-task':
      case 'monitoring-figures':
        return platformFigures(content.source, await this.monitoring.monitoring());
      case 'rival-ranks': {
        const c = await this.monitoring.comparison(userId);
        return rivalRankFigures(await this.monitoring.rivalRanks(c, HEADLINE_INDICATORS), c.own?.schoolName ?? '本校');
      }
      case 'indicator-trend':
      case 'indicator-rank': {
        const c = await this.monitoring.comparison(userId);
        const indicator = content.indicator ?? HEADLINE_INDICATORS[0];
        if (c.codes.length < 2 || c.years.length === 0) return { categories: [], series: [] };
        const q = { indicator, schoolCodes: c.codes, startYear: c.years[0], endYear: c.years.at(-1) };
        return content.source === 'indicator-trend' ? trendFigures(await this.rivals.average(q)) : rankFigures(await this.rivals.rank(q));
      }
    }
  }

  private async valuesOf(input: PortrayalInput, found: Portrayal | null): Promise<PortrayalValues> {
    let content = null;
    let parentId: string | null = null;
    if (input.kind === 'card') {
      if (!input.content) throw new AppError('VALIDATION', '卡片内容不能为空');
      const needsIndicator = input.content.source === 'indicator-trend' || input.content.source === 'indicator-rank';
      if (needsIndicator && !SCHOOL_INDICATORS.some((i) => i.code === input.content!.indicator)) throw new AppError('VALIDATION', M.unknownIndicator);
      content = needsIndicator ? input.content : { chart: input.content.chart, source: input.content.source };
    }
    if (input.kind === 'menu' && input.parentId) {
      const parents = await this.repo.menuParents();
      if (!parents.has(input.parentId)) throw new AppError('VALIDATION', '上级菜单不存在');
      if (input.id && wouldCycle(input.id, input.parentId, parents)) throw new AppError('VALIDATION', '上级菜单不能是自身或其下级');
      parentId = input.parentId;
    }
    return {
      kind: input.kind,
      name: input.name,
      nametwo: input.nametwo || input.name,
      cm: input.cm,
      level: input.level,
      parentId,
      sort: input.sort ?? found?.sort ?? 0,
      description: input.description === undefined ? (found?.description ?? null) : input.description,
      content,
    };
  }
}
