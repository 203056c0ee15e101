import { Injectable } from '@nestjs/common';
import { COLLECTION_MESSAGES, type BatchResult, type CommitInput, type FillAllowedActions, type FillRowAction, type FillHistory, type FillTask, type FillTaskDetail, type FillTaskQuery, type Page, type RollbackInput } from '@zhengai/contracts';
import { UnitOfWork, type Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import { runBatch } from '../../../shared/batch.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { mayMove, moveRefusal, stateAfter, type FillMove } from '../domain/fill-flow.js';
import { isAuditor, isFiller, mayRead, requireAuditor, requireFiller, requireManager, requireReader } from './collection-access.js';
import { MessageOutbox } from '../../messages/application/ports/message-outbox.port.js';
import { tellFillers } from './fill-messages.js';
import { FillRows } from './fill-rows.js';
import { CollectionAccessReader, type CollectionStanding } from './ports/collection-access.port.js';
import { DataCentreTables } from './ports/data-centre.port.js';
import { FillRepository, type FillRecord } from './ports/fill-repository.port.js';

const strip = ({ formCode: _code, ...fill }: FillRecord): FillTask => fill;

/** Fill tasks: lists, detail, history, and the moves commit, audit, rollback (each locked, checked and recorded). */
@Injectable()
export class FillTaskService {
  constructor(
    private readonly fills: FillRepository,
    private readonly rowsOf: FillRows,
    private readonly access: CollectionAccessReader,
    private readonly centre: DataCentreTables,
    private readonly uow: UnitOfWork,
    private readonly outbox: MessageOutbox,
  ) {}

  async mine(userId: string, q: FillTaskQuery): Promise<Page<FillTask>> {
    const me = await this.access.standing(userId);
    return this.fills.list({ kind: 'filler', userId, orgId: me.orgId, manager: me.manager }, q);
  }

  async toAudit(userId: string, q: FillTaskQuery): Promise<Page<FillTask>> {
    const me = await this.access.standing(userId);
    return this.fills.list({ kind: 'auditor', userId, orgId: me.orgId, manager: me.manager }, q);
  }

  async ofTask(userId: string, taskId: string): Promise<FillTask[]> {
    requireManager(await this.access.standing(userId));
    return (await this.fills.list({ kind: 'task', taskId }, { pageNum: 1, pageSize: 100_000 })).records;
  }

  /** A fill the person may read (filler, auditor, manager); NO_PERMISSION for anyone else. */
  async readable(userId: string, id: string): Promise<{ me: CollectionStanding; fill: FillRecord }> {
    const [me, fill] = await Promise.all([this.access.standing(userId), this.fills.find(id)]);
    if (!fill) throw new AppError('NOT_FOUND', '填报任务不存在');
    requireReader(me, fill);
    return { me, fill };
  }

  async detail(userId: string, id: string): Promise<FillTaskDetail> {
    const { me, fill } = await this.readable(userId, id);
    const form = await this.rowsOf.formOf(fill);
    return {
      fillTask: strip(fill),
      form: form.version,
      rows: await this.fills.rows(id),
      options: form.options,
      mayEdit: isFiller(me, fill) && mayMove(fill.state, 'edit'),
      mayAudit: isAuditor(me, fill) && (mayMove(fill.state, 'audit') || mayMove(fill.state, 'rollback')),
    };
  }

  async history(userId: string, id: string): Promise<FillHistory[]> {
    await this.readable(userId, id);
    return this.fills.history(id);
  }

  /** Locks the fill and checks the move may start from its state (409 otherwise); answers the fill as locked. */
  static async locked(fills: FillRepository, tx: Transaction, id: string, move: FillMove): Promise<FillRecord> {
    const state = await fills.lock(tx, id);
    const fill = state ? await fills.find(id, tx) : null;
    if (!state || !fill) throw new AppError('NOT_FOUND', '填报任务不存在');
    if (!mayMove(state, move)) {
      const { state: label, action } = moveRefusal(state, move);
      throw new AppError('CONFLICT', COLLECTION_MESSAGES.wrongState(label, action));
    }
    return fill;
  }

  /** Every rule including require and unique; with rows, they are saved first in the same transaction. */
  async commit(userId: string, input: CommitInput): Promise<FillTask> {
    const { me, fill: seen } = await this.readable(userId, input.id);
    requireFiller(me, seen);
    await this.uow.run(async (tx) => {
      const fill = await FillTaskService.locked(this.fills, tx, input.id, 'commit');
      const form = await this.rowsOf.formOf(fill, tx);
      if (input.rows) await this.rowsOf.write(tx, fill, form, input.rows, userId, true, 'save');
      else await this.rowsOf.check(tx, fill, form, (await this.fills.rows(fill.id, tx)).map((r) => r.values), true);
      await this.fills.setState(tx, fill.id, stateAfter(fill.state, 'commit'), { userId, commit: true });
      await this.fills.addHistory(tx, { fillTaskId: fill.id, action: 'commit', actorId: userId, rowCount: (await this.fills.rows(fill.id, tx)).length });
    });
    return strip((await this.fills.find(input.id))!);
  }

  /** The auditor passes a committed fill: its rows go to the data centre. */
  async audit(userId: string, id: string): Promise<FillTask> {
    const { me, fill: seen } = await this.readable(userId, id);
    requireAuditor(me, seen);
    await this.uow.run(async (tx) => {
      const fill = await FillTaskService.locked(this.fills, tx, id, 'audit');
      const rows = await this.fills.dataCentreRows(tx, id);
      await this.centre.replaceRows(tx, fill.formCode, id, rows);
      await this.fills.setState(tx, id, stateAfter(fill.state, 'audit'), { userId, audit: true });
      await this.fills.addHistory(tx, { fillTaskId: id, action: 'audit', actorId: userId, rowCount: rows.length });
      await tellFillers(this.fills, this.outbox, tx, 'audit', [id], userId);
    });
    return strip((await this.fills.find(id))!);
  }

  /** The auditor sends a committed or audited fill back with a reason; an audited one leaves the data centre. */
  async rollback(userId: string, input: RollbackInput): Promise<FillTask> {
    const { me, fill: seen } = await this.readable(userId, input.id);
    requireAuditor(me, seen);
    await this.uow.run(async (tx) => {
      const fill = await FillTaskService.locked(this.fills, tx, input.id, 'rollback');
      if (fill.state === 'finished') await this.centre.deleteRows(tx, fill.formCode, fill.id);
      await this.fills.setState(tx, fill.id, stateAfter(fill.state, 'rollback'), { userId, reason: input.reason });
      await this.fills.addHistory(tx, { fillTaskId: fill.id, action: 'rollback', actorId: userId, reason: input.reason, rowCount: fill.rowCount });
      await tellFillers(this.fills, this.outbox, tx, 'rollback', [fill.id], userId, input.reason);
    });
    return strip((await this.fills.find(input.id))!);
  }

  /**
   * 批量通过 (issue 34): `audit` on each fill in turn, each in its own transaction with its own refusal (the single
   * route's message), so who may audit stays written once (collection-access, fill-flow).
   */
  batchAudit(userId: string, ids: readonly string[]): Promise<BatchResult> {
    return runBatch(ids, (id) => this.audit(userId, id), async (id) => nameOf(await this.fills.find(id)));
  }

  /** What the person may do now on each fill (the detail's mayEdit / mayAudit, per move); a fill they may not read: nothing. */
  async allowedActionsOf(userId: string, ids: readonly string[]): Promise<FillAllowedActions[]> {
    const me = await this.access.standing(userId);
    const out: FillAllowedActions[] = [];
    for (const id of ids) {
      const fill = await this.fills.find(id);
      const actions: FillRowAction[] = [];
      if (fill && mayRead(me, fill)) {
        if (isFiller(me, fill) && mayMove(fill.state, 'commit')) actions.push('commit');
        if (isAuditor(me, fill) && mayMove(fill.state, 'audit')) actions.push('audit');
        if (isAuditor(me, fill) && mayMove(fill.state, 'rollback')) actions.push('rollback');
      }
      out.push({ id, actions });
    }
    return out;
  }
}

/** A fill as a person names it: 采集任务 · 表单 · 填报部门或人. */
function nameOf(fill: FillRecord | null): string | null {
  return fill ? [fill.taskName, fill.formName, fill.departmentName ?? fill.userName].filter(Boolean).join(' · ') : null;
}

