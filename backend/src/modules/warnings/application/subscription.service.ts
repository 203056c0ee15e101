import { Injectable } from '@nestjs/common';
import { AppError } from '../../../shared/errors/app-error.js';
import { formatDateTime } from '../../../shared/kernel/format.js';
import { SubscriptionRepository } from './ports/subscription-repository.port.js';

export const MAX_SUBSCRIPTIONS = 500;

interface RawItem {
  sfzid?: unknown;
  sfbb?: unknown;
  lw?: unknown;
  sfzsj?: unknown;
}

const text = (v: unknown, max: number): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, max) : null);

/** The subscription store (spec 000 §7, base /api/herm-sjgl): what a person follows, e.g. quality points. */
@Injectable()
export class SubscriptionService {
  constructor(private readonly repo: SubscriptionRepository) {}

  async update(userId: string, input: { type?: unknown; sourceId?: unknown; list?: unknown }) {
    const type = text(input.type, 40) ?? 'portrayal';
    const sourceId = text(input.sourceId, 64);
    if (!sourceId) throw new AppError('VALIDATION', '缺少订阅来源', { field: 'sourceId' });
    if (!Array.isArray(input.list)) throw new AppError('VALIDATION', '订阅列表不正确', { field: 'list' });
    if (input.list.length > MAX_SUBSCRIPTIONS) throw new AppError('VALIDATION', `最多订阅${MAX_SUBSCRIPTIONS}项`, { field: 'list' });
    const items = (input.list as RawItem[]).map((raw, i) => {
      const sfzid = text(raw?.sfzid, 64);
      if (!sfzid) throw new AppError('VALIDATION', `第${i + 1}项缺少订阅对象`, { field: 'list' });
      const seen = typeof raw.sfzsj === 'string' ? new Date(raw.sfzsj) : null;
      return { sfzid, sfbb: text(raw.sfbb, 40), lw: text(raw.lw, 200), sfzsj: seen && !Number.isNaN(seen.getTime()) ? seen : null };
    });
    const unique = [...new Map(items.map((i) => [i.sfzid, i])).values()];
    await this.repo.replace(userId, type, sourceId, unique);
    return this.query(userId, { type, sourceId });
  }

  async query(userId: string, filter: { type?: string; sourceId?: string }) {
    const rows = await this.repo.list(userId, filter);
    return rows.map((r) => ({ sfzid: r.sfzid, sfbb: r.sfbb, tbsj: formatDateTime(r.tbsj), lw: r.lw, sfzsj: r.sfzsj ? formatDateTime(r.sfzsj) : null, type: r.type, sourceId: r.sourceId }));
  }
}
