import type { TaskPageType } from '@zhengai/contracts';
import type { TaskAction } from '../domain/transitions.js';
import { RELATION_RULE, TASK_ACCESS, TASK_RELATIONS, relationsOfPage, type TaskRelation, type TaskStanding } from '../domain/task-access.js';

/** Adds a value to the statement's parameters and answers its reference ($n). */
export type Param = (value: unknown) => string;

/** A fresh parameter list and its adder. */
export function parameters(start: unknown[] = []): { params: unknown[]; p: Param } {
  const params = [...start];
  return { params, p: (value) => (params.push(value), `$${params.length}`) };
}

/**
 * The SQL of the domain's task access table (domain/task-access.ts) over a target_task row aliased `t`: each
 * relation's condition, each page's predicate (the OR of the relations the table lists there, and the page's own
 * condition), "sees" (listed on any page). Every value is a parameter; a relation depending on the person alone
 * (a role) is TRUE or left out, so PostgreSQL plans the see-all lists as plain scans.
 */
export class TaskAccessSql {
  private refs = new Map<string, string>();

  constructor(
    private readonly standing: TaskStanding,
    private readonly p: Param,
  ) {}

  private ref(key: 'me' | 'headed' | 'audited'): string {
    let r = this.refs.get(key);
    if (!r) {
      r = key === 'me' ? `${this.p(this.standing.userId)}::varchar` : `${this.p([...this.standing[key]])}::text[]`;
      this.refs.set(key, r);
    }
    return r;
  }

  /** The relation's condition, or null when it cannot hold for this person (a role they lack, no department). */
  relation(r: TaskRelation): string | null {
    const s = this.standing;
    const coop = (cond: string) => `EXISTS (SELECT 1 FROM target_task_coop_department co WHERE co.task_id = t.id AND ${cond})`;
    switch (r) {
      case 'admin':
      case 'yearTargetPublisher':
      case 'schoolLeader':
        // the relations of the person alone carry the role code's name (TASK_ACCESS kind 'person')
        return s.codes.includes(r) ? 'TRUE' : null;
      case 'creator':
        return `t.creator_id = ${this.ref('me')}`;
      case 'owner':
        return `t.owner_id = ${this.ref('me')}`;
      case 'auditor':
        return `t.auditor_id = ${this.ref('me')}`;
      case 'supervisor':
        return `t.supervisor_id = ${this.ref('me')}`;
      case 'parentOwner':
        return `EXISTS (SELECT 1 FROM target_task pt WHERE pt.id = t.parent_id AND pt.owner_id = ${this.ref('me')})`;
      case 'coopOwner':
        return coop(`co.owner_id = ${this.ref('me')}`);
      case 'chargeHead':
        return s.headed.length ? `t.charge_department_id = ANY(${this.ref('headed')})` : null;
      case 'chargeAuditor':
        return s.audited.length ? `t.charge_department_id = ANY(${this.ref('audited')})` : null;
      case 'coopHead':
        return s.headed.length ? coop(`co.department_id = ANY(${this.ref('headed')})`) : null;
      case 'coopAuditor':
        return s.audited.length ? coop(`co.department_id = ANY(${this.ref('audited')})`) : null;
    }
  }

  /** Any of the relations. */
  anyOf(relations: readonly TaskRelation[]): string {
    // A role held lists everything: decided before any parameter is added (PostgreSQL cannot type one no clause reads).
    if (relations.some((r) => RELATION_RULE[r].kind === 'person' && this.standing.codes.includes(r))) return 'TRUE';
    const conds = relations.map((r) => this.relation(r)).filter((c): c is string => c !== null);
    return conds.length ? `(${conds.join(' OR ')})` : 'FALSE';
  }

  /** The page's predicate: its own condition and one of the relations the table lists on it. */
  page(page: TaskPageType): string {
    const own = PAGE_CONDITION[page];
    const who = this.anyOf(relationsOfPage(page));
    return own ? `(${own} AND ${who})` : who;
  }

  /** The person sees the task: some page lists it (every relation lists on some page; the table's unit test checks). */
  sees(): string {
    return this.anyOf(TASK_ACCESS.filter((r) => r.pages.length > 0).map((r) => r.relation));
  }

  /** The person's relations to the row, as a text[] (read for one task, then the domain decides). */
  relations(): string {
    const cases = TASK_RELATIONS.map((r) => {
      const c = this.relation(r);
      return c === null ? null : `CASE WHEN ${c} THEN ${this.p(r)}::text END`;
    }).filter((c): c is string => c !== null);
    return cases.length ? `array_remove(ARRAY[${cases.join(', ')}], NULL)` : `'{}'::text[]`;
  }
}

/** What a page shows besides who may see it: 预警任务 the tasks with an open warning, 协作任务 the tasks with cooperations. */
const PAGE_CONDITION: Partial<Record<TaskPageType, string>> = {
  WARNING_TASK: `EXISTS (SELECT 1 FROM task_warning w WHERE w.task_id = t.id AND w.closed_at IS NULL)`,
  DEPARTMENT_COOP_TASK: `EXISTS (SELECT 1 FROM target_task_coop_department co WHERE co.task_id = t.id)`,
};

/** One move waiting for the person on a task: the move, what the to-do list asks, when it holds, since when. */
interface WaitingMove {
  action: TaskAction;
  asked: string;
  when: (me: string) => string;
  since: string;
}

const lastReport = `(SELECT r.audit_state FROM progress_report r WHERE r.task_id = t.id ORDER BY r.reported_at DESC, r.id DESC LIMIT 1)`;
const lastMove = (actions: string) => `(SELECT max(h.at) FROM task_history h WHERE h.task_id = t.id AND h.action IN (${actions}))`;

/**
 * What waits for the person (the home page's counters, the list filter `waiting` and 我的待办, one SQL each; the rule:
 * the module README "The home page's counts"). Paused tasks wait for no one. Each kind's moves in the order the to-do
 * list names them (a task counts once: the first move that holds):
 * - audit (待审核): as the task's auditor, a task audit pending (submitted, 0), a report reviewing or a delay pending;
 * - todo (待办任务): as its owner, an open urge to them, rwjd waitAccept, waitResolve or waitDefine, or in execution
 *   with its last report rejected or a report due (an open process warning, none reviewing).
 */
export const WAITING: Record<'audit' | 'todo', { who: 'auditor_id' | 'owner_id'; moves: WaitingMove[] }> = {
  audit: {
    who: 'auditor_id',
    moves: [
      {
        action: 'passAudit',
        asked: '审核目标任务',
        when: () => `(t.audit_state = 0 AND t.rwjd IN ('notPushed', 'goBack') AND EXISTS (SELECT 1 FROM task_history h WHERE h.task_id = t.id AND h.action = 'submitAudit'))`,
        since: lastMove(`'submitAudit'`),
      },
      {
        action: 'passReport',
        asked: '审核进度',
        when: () => `EXISTS (SELECT 1 FROM progress_report r WHERE r.task_id = t.id AND r.audit_state = 'reviewing')`,
        since: `(SELECT r.reported_at FROM progress_report r WHERE r.task_id = t.id AND r.audit_state = 'reviewing')`,
      },
      {
        action: 'grantDelay',
        asked: '审批延期',
        when: () => `EXISTS (SELECT 1 FROM task_delay d WHERE d.task_id = t.id AND d.decision = 'pending')`,
        since: `(SELECT d.requested_at FROM task_delay d WHERE d.task_id = t.id AND d.decision = 'pending')`,
      },
    ],
  },
  todo: {
    who: 'owner_id',
    moves: [
      {
        action: 'acceptUrge',
        asked: '接收催办',
        when: (me) => `EXISTS (SELECT 1 FROM task_urge u WHERE u.task_id = t.id AND u.to_user_id = ${me} AND u.state = 'urge')`,
        since: `(SELECT min(u.created_at) FROM task_urge u WHERE u.task_id = t.id AND u.state = 'urge')`,
      },
      { action: 'accept', asked: '接收任务', when: () => `t.rwjd = 'waitAccept'`, since: lastMove(`'push'`) },
      { action: 'resolve', asked: '分解任务', when: () => `t.rwjd = 'waitResolve'`, since: lastMove(`'accept'`) },
      { action: 'define', asked: '制定目标', when: () => `t.rwjd = 'waitDefine'`, since: lastMove(`'accept'`) },
      {
        action: 'report',
        asked: '重新提交进度',
        when: () => `(t.rwjd IN ('executeing', 'delayNotDone') AND ${lastReport} = 'reject')`,
        since: `(SELECT max(r.audited_at) FROM progress_report r WHERE r.task_id = t.id AND r.audit_state = 'reject')`,
      },
      {
        action: 'report',
        asked: '提交进度',
        when: () => `(t.rwjd IN ('executeing', 'delayNotDone')
          AND EXISTS (SELECT 1 FROM task_warning w WHERE w.task_id = t.id AND w.kind = 'process' AND w.closed_at IS NULL)
          AND NOT EXISTS (SELECT 1 FROM progress_report r WHERE r.task_id = t.id AND r.audit_state = 'reviewing'))`,
        since: `(SELECT min(w.opened_at) FROM task_warning w WHERE w.task_id = t.id AND w.kind = 'process' AND w.closed_at IS NULL)`,
      },
    ],
  },
};

/** Whether something of the kind waits for the person `me` (an SQL reference) on the task row `t`. */
export function waitingSql(kind: 'audit' | 'todo', me: string): string {
  const { who, moves } = WAITING[kind];
  return `(t.task_state <> 'pause' AND t.${who} = ${me} AND (${moves.map((m) => m.when(me)).join(' OR ')}))`;
}

/** The first waiting move's column (asked, or since) of the row, as a CASE over the same conditions. */
export function waitingCaseSql(kind: 'audit' | 'todo', me: string, column: 'asked' | 'since'): string {
  const { moves } = WAITING[kind];
  const value = (m: WaitingMove) => (column === 'asked' ? `'${m.asked}'` : m.since);
  return `CASE ${moves.map((m) => `WHEN ${m.when(me)} THEN ${value(m)}`).join(' ')} END`;
}
