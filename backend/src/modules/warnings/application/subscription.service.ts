import { Injectable } from '@nestjs/common';
import type { SubscriptionUpdateInput } from '@zhengai/contracts';
import { formatDateTime } from '../../../shared/kernel/format.js';
import { SubscriptionRepository } from './ports/subscription-repository.port.js';

/** The subscription store (spec 000 §7, base /api/herm-sjgl): what a person follows, e.g. quality points. */
@Injectable()
export class SubscriptionService {
  constructor(private readonly repo: SubscriptionRepository) {}

  /** The list as the contract read it (texts trimmed, each item with its object, at most 500); an item once. */
  async update(userId: string, input: SubscriptionUpdateInput) {
    const type = input.type ?? 'portrayal';
    const { sourceId } = input;
    const items = input.list.map((raw) => {
      const seen = raw.sfzsj !== null ? new Date(raw.sfzsj) : null;
      return { sfzid: raw.sfzid!, sfbb: raw.sfbb, lw: raw.lw, sfzsj: seen && !Number.isNaN(seen.getTime()) ? seen : null };
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
