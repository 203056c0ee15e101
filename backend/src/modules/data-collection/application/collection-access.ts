import { COLLECTION_MESSAGES } from '@zhengai/contracts';
import { AppError } from '../../../shared/errors/app-error.js';
import type { CollectionStanding } from './ports/collection-access.port.js';

/** The people a fill task names (README "Who does what"). */
export interface FillParties {
  departmentId: string | null;
  userId: string | null;
  auditorId: string;
}

/** The person it is allocated to, or a member of the department it is allocated to. */
export function isFiller(me: CollectionStanding, fill: FillParties): boolean {
  if (fill.userId !== null) return fill.userId === me.userId;
  return fill.departmentId !== null && fill.departmentId === me.orgId;
}

/** The auditor named on the allocation, or a manager. */
export function isAuditor(me: CollectionStanding, fill: FillParties): boolean {
  return me.manager || fill.auditorId === me.userId;
}

/** Readers of a fill: its fillers, its auditor, managers. */
export function mayRead(me: CollectionStanding, fill: FillParties): boolean {
  return isFiller(me, fill) || isAuditor(me, fill);
}

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
