import { COLLECTION_MESSAGES } from '@zhengai/contracts';
import { AppError } from '../../../shared/errors/app-error.js';
import { hasFillRight, type FillRelation } from '../domain/fill-rights.js';
import type { CollectionStanding } from './ports/collection-access.port.js';

/** The people a fill task names (README "Who does what"). */
export interface FillParties {
  departmentId: string | null;
  userId: string | null;
  auditorId: string;
}

/** The person's relations to a fill (README "Who does what"). */
export function fillRelationsOf(me: CollectionStanding, fill: FillParties): FillRelation[] {
  const out: FillRelation[] = [];
  // An allocation names a person or a department, never both (dc_allocation's CHECK).
  if (fill.userId !== null ? fill.userId === me.userId : fill.departmentId !== null && fill.departmentId === me.orgId) out.push('filler');
  if (fill.auditorId === me.userId) out.push('auditor');
  if (me.manager) out.push('manager');
  return out;
}

/** The person it is allocated to, or a member of the department it is allocated to. */
export const isFiller = (me: CollectionStanding, fill: FillParties): boolean => hasFillRight(fillRelationsOf(me, fill), 'fill');

/** The auditor named on the allocation, or a manager. */
export const isAuditor = (me: CollectionStanding, fill: FillParties): boolean => hasFillRight(fillRelationsOf(me, fill), 'audit');

/** Readers of a fill: its fillers, its auditor, managers. */
export const mayRead = (me: CollectionStanding, fill: FillParties): boolean => hasFillRight(fillRelationsOf(me, fill), 'read');

export function requireReader(me: CollectionStanding, fill: FillParties): void {
  if (!mayRead(me, fill)) throw new AppError('NO_PERMISSION');
}

export function requireFiller(me: CollectionStanding, fill: FillParties): void {
  if (!isFiller(me, fill)) throw new AppError('NO_PERMISSION', mayRead(me, fill) ? COLLECTION_MESSAGES.notFiller : undefined);
}

export function requireAuditor(me: CollectionStanding, fill: FillParties): void {
  if (!isAuditor(me, fill)) throw new AppError('NO_PERMISSION', mayRead(me, fill) ? COLLECTION_MESSAGES.notAuditor : undefined);
}

export function requireManager(me: CollectionStanding): void {
  if (!me.manager) throw new AppError('NO_PERMISSION');
}
