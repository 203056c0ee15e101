import { readFileSync } from 'node:fs';
import { RWJD_NAMES, RWJD_STATES, type Rwjd } from '@zhengai/contracts';
import {
  allowedActions,
  CONDITION_TEXTS,
  move,
  TASK_ACTION_VERBS,
  TASK_ACTIONS,
  TASK_ROLE_NAMES,
  TASK_ROLES,
  TRANSITIONS,
  type MoveInput,
  type TaskAction,
  type TaskFacts,
  type TaskRole,
  type Transition,
} from './transitions.js';

const BASE: TaskFacts = {
  rwjd: 'notPushed',
  paused: false,
  auditState: null,
  lastLevel: false,
  childCount: 0,
  jssj: '2026-06-30',
  pendingReport: null,
  pendingDelay: null,
  urge: null,
};

/** Facts and input under which a row's move may go ahead: every condition beyond state and role met. */
function ready(row: Transition): { task: TaskFacts; input: MoveInput } {
  const task: TaskFacts = { ...BASE, rwjd: row.from, lastLevel: row.when === 'lastLevel' };
  const input: MoveInput = { reason: '理由' };
  switch (row.action) {
    case 'passAudit':
    case 'failAudit':
      task.auditState = 0;
      break;
    case 'push':
      task.auditState = 1;
      break;
    case 'submitAudit':
      task.auditState = 2;
      break;
    case 'resolve':
      task.childCount = 2;
      break;
    case 'define':
      input.target = '85.5';
      break;
    case 'report':
      input.reportType = 'final';
      break;
    case 'passReport':
    case 'rejectReport':
      task.pendingReport = row.when === 'finalReport' ? 'final' : 'process';
      break;
    case 'requestDelay':
      input.newEndDate = '2026-09-30';
      break;
    case 'grantDelay':
    case 'refuseDelay':
      task.pendingDelay = '2026-09-30';
      break;
    case 'resume':
      task.paused = true;
      break;
    case 'acceptUrge':
      task.urge = 'urge';
      break;
    default:
      break;
  }
  return { task, input };
}

const as = (...roles: TaskRole[]) => new Set<TaskRole>(roles);
const rowName = (r: Transition) => `${r.action}: ${r.from} → ${r.to}${r.when ? ` (${r.when})` : ''}`;

describe('target task transitions: every row of TRANSITIONS', () => {
  it('has one row for each action, state and condition', () => {
    const keys = TRANSITIONS.map((r) => `${r.action} ${r.from} ${r.when ?? ''}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(TRANSITIONS.map((r) => r.action))).toEqual(new Set(TASK_ACTIONS));
  });

  const byRole = TRANSITIONS.flatMap((row) => row.who.map((role) => [rowName(row), role, row] as const));
  it.each(byRole)('%s is allowed to %s', (_name, role, row) => {
    const { task, input } = ready(row);
    const r = move(task, row.action, as(role), input);
    expect(r).toMatchObject({ ok: true });
    if (r.ok) expect(r.next.rwjd).toBe(row.to);
  });

  const others = TRANSITIONS.flatMap((row) =>
    TASK_ROLES.filter((role) => !row.who.includes(role)).map((role) => [rowName(row), role, row] as const),
  );
  it.each(others)('%s is refused to %s', (_name, role, row) => {
    const { task, input } = ready(row);
    const r = move(task, row.action, as(role), input);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const ownWork = role === 'owner' && ['passReport', 'rejectReport', 'grantDelay', 'refuseDelay', 'urge'].includes(row.action);
    if (ownWork) expect(r.message).toMatch(/不能(审核自己的进度|审批自己的延期申请|催办自己的任务)/);
    else expect(r.message).toBe(`只有${row.who.map((w) => TASK_ROLE_NAMES[w]).join('、')}可以${TASK_ACTION_VERBS[row.action]}`);
  });

  it('refuses an owner who is also the auditor or an administrator to judge their own work', () => {
    for (const action of ['passReport', 'rejectReport', 'grantDelay', 'refuseDelay', 'urge'] as const) {
      const row = TRANSITIONS.find((t) => t.action === action)!;
      const { task, input } = ready(row);
      const r = move(task, action, as('owner', 'auditor', 'admin', 'head', 'publisher', 'parentOwner'), input);
      expect(r.ok).toBe(false);
    }
    const { task } = ready(TRANSITIONS.find((t) => t.action === 'passReport')!);
    expect(move(task, 'passReport', as('owner', 'auditor'))).toEqual({ ok: false, message: '任务负责人不能审核自己的进度' });
  });
});

describe('target task transitions: every move the table does not hold is refused, naming the state', () => {
  const missing = RWJD_STATES.flatMap((state) =>
    TASK_ACTIONS.filter((a) => !TRANSITIONS.some((t) => t.action === a && t.from === state)).map((a) => [state, a] as const),
  );
  it('leaves finished tasks no move', () => {
    expect(TRANSITIONS.filter((t) => t.from === 'hasDone' || t.from === 'delayDone')).toEqual([]);
  });
  it.each(missing)('%s + %s', (state: Rwjd, action: TaskAction) => {
    const all = as(...TASK_ROLES);
    const r = move({ ...BASE, rwjd: state, auditState: 1, childCount: 1, pendingReport: 'final', pendingDelay: '2026-12-31', urge: 'urge' }, action, all, {
      reason: 'x',
      reportType: 'process',
      newEndDate: '2026-12-31',
    });
    expect(r).toEqual({ ok: false, message: `任务处于「${RWJD_NAMES[state]}」状态，不能${TASK_ACTION_VERBS[action]}` });
  });
  it('says it as the brief does', () => {
    expect(move({ ...BASE, rwjd: 'hasDone' }, 'report', as('owner'), { reportType: 'process' })).toEqual({ ok: false, message: '任务处于「已完成」状态，不能提交进度' });
  });
});

describe('pause and resume', () => {
  it.each(TASK_ACTIONS.filter((a) => a !== 'resume'))('a paused task refuses %s', (action) => {
    const row = TRANSITIONS.find((t) => t.action === action)!;
    const { task, input } = ready(row);
    const r = move({ ...task, paused: true }, action, as(...TASK_ROLES.filter((x) => x !== 'owner')), input);
    expect(r).toEqual({ ok: false, message: `任务处于「暂停」状态，不能${TASK_ACTION_VERBS[action]}` });
  });
  it('resumes only a paused task', () => {
    expect(move({ ...BASE, rwjd: 'executeing' }, 'resume', as('admin'))).toEqual({ ok: false, message: '任务处于「正常」状态，不能恢复' });
    const paused = move({ ...BASE, rwjd: 'executeing' }, 'pause', as('publisher'));
    expect(paused).toMatchObject({ ok: true, next: { paused: true, rwjd: 'executeing' } });
    if (!paused.ok) return;
    expect(move(paused.next, 'resume', as('publisher'))).toMatchObject({ ok: true, next: { paused: false, rwjd: 'executeing' } });
  });
  it('does not pause a finished task', () => {
    expect(move({ ...BASE, rwjd: 'delayDone' }, 'pause', as('admin'))).toEqual({ ok: false, message: '任务处于「延期完成」状态，不能暂停' });
  });
});

describe('the conditions beyond state and role', () => {
  const admin = as('admin');
  const owner = as('owner');
  const cases: [string, TaskFacts, TaskAction, ReadonlySet<TaskRole>, MoveInput, string][] = [
    ['submit while pending', { ...BASE, auditState: 0 }, 'submitAudit', admin, {}, '任务审核状态为「待审核」，不能提交审核'],
    ['submit once audited', { ...BASE, auditState: 1 }, 'submitAudit', admin, {}, '任务审核状态为「审核通过」，不能提交审核'],
    ['pass before submission', BASE, 'passAudit', as('auditor'), {}, '任务审核状态为「未提交审核」，不能审核通过'],
    ['fail once failed', { ...BASE, auditState: 2 }, 'failAudit', as('auditor'), { reason: 'x' }, '任务审核状态为「审核不通过」，不能审核不通过'],
    ['fail without a reason', { ...BASE, auditState: 0 }, 'failAudit', as('auditor'), { reason: '  ' }, '请填写审核不通过的原因'],
    ['push before the audit', { ...BASE, auditState: 0 }, 'push', admin, {}, '任务审核状态为「待审核」，不能下发'],
    ['push after a failed audit', { ...BASE, auditState: 2, rwjd: 'goBack' }, 'push', admin, {}, '任务审核状态为「审核不通过」，不能下发'],
    ['send back without a reason', { ...BASE, rwjd: 'waitAccept' }, 'sendBack', owner, {}, '请填写退回原因'],
    ['a reason too long', { ...BASE, rwjd: 'waitAccept' }, 'sendBack', owner, { reason: '长'.repeat(501) }, '退回原因最多500个字符'],
    ['resolve without children', { ...BASE, rwjd: 'waitResolve' }, 'resolve', owner, {}, '请先分解出子任务'],
    ['define without a target', { ...BASE, rwjd: 'waitDefine' }, 'define', owner, {}, '请填写大于0的量化目标值'],
    ['define to a zero target', { ...BASE, rwjd: 'waitDefine' }, 'define', owner, { target: 0 }, '请填写大于0的量化目标值'],
    ['define to a negative target', { ...BASE, rwjd: 'waitResolve' }, 'define', owner, { target: '-3' }, '请填写大于0的量化目标值'],
    ['define to a text target', { ...BASE, rwjd: 'waitDefine' }, 'define', owner, { target: '很多' }, '请填写大于0的量化目标值'],
    ['report without a type', { ...BASE, rwjd: 'executeing' }, 'report', owner, {}, '请选择进度类型（过程进度或最终成果）'],
    ['report while one waits', { ...BASE, rwjd: 'executeing', pendingReport: 'process' }, 'report', owner, { reportType: 'final' }, '已有进度在审核中，请等待审核后再提交'],
    ['pass with nothing to audit', { ...BASE, rwjd: 'executeing' }, 'passReport', as('auditor'), {}, '没有待审核的进度'],
    ['reject with nothing to audit', { ...BASE, rwjd: 'executeing' }, 'rejectReport', as('auditor'), { reason: 'x' }, '没有待审核的进度'],
    ['reject without a reason', { ...BASE, rwjd: 'executeing', pendingReport: 'process' }, 'rejectReport', as('auditor'), {}, '请填写驳回原因'],
    ['delay without a reason', { ...BASE, rwjd: 'executeing' }, 'requestDelay', owner, { newEndDate: '2026-09-30' }, '请填写延期原因'],
    ['delay without a date', { ...BASE, rwjd: 'executeing' }, 'requestDelay', owner, { reason: 'x' }, '请填写延期后的结束时间（yyyy-MM-dd）'],
    ['delay to a bad date', { ...BASE, rwjd: 'executeing' }, 'requestDelay', owner, { reason: 'x', newEndDate: '2026/9/30' }, '请填写延期后的结束时间（yyyy-MM-dd）'],
    ['delay to an earlier date', { ...BASE, rwjd: 'executeing' }, 'requestDelay', owner, { reason: 'x', newEndDate: '2026-06-30' }, '延期后的结束时间须晚于原结束时间2026-06-30'],
    ['delay while one waits', { ...BASE, rwjd: 'executeing', pendingDelay: '2026-08-01' }, 'requestDelay', owner, { reason: 'x', newEndDate: '2026-09-30' }, '已有延期申请在审批中'],
    ['grant with nothing asked', { ...BASE, rwjd: 'executeing' }, 'grantDelay', as('auditor'), {}, '没有待审批的延期申请'],
    ['refuse without a reason', { ...BASE, rwjd: 'executeing', pendingDelay: '2026-08-01' }, 'refuseDelay', as('auditor'), {}, '请填写拒绝延期的原因'],
    ['accept no urge', { ...BASE, rwjd: 'waitDefine' }, 'acceptUrge', owner, {}, '没有待接收的催办'],
    ['accept an accepted urge', { ...BASE, rwjd: 'waitDefine', urge: 'acceptUrge' }, 'acceptUrge', owner, {}, '没有待接收的催办'],
    ['urge an own task', { ...BASE, rwjd: 'waitDefine' }, 'urge', as('owner', 'head'), {}, '不能催办自己的任务'],
  ];
  it.each(cases)('%s', (_name, task, action, roles, input, message) => {
    expect(move(task, action, roles, input)).toEqual({ ok: false, message });
  });
});

describe('what each move changes', () => {
  it('audits the task: submitted 0, passed 1, failed 2, resubmitted 0', () => {
    const admin = as('admin');
    const submitted = move(BASE, 'submitAudit', as('publisher'));
    expect(submitted).toMatchObject({ ok: true, next: { auditState: 0, rwjd: 'notPushed' } });
    expect(move({ ...BASE, auditState: 0 }, 'passAudit', as('auditor'))).toMatchObject({ ok: true, next: { auditState: 1 } });
    expect(move({ ...BASE, auditState: 0 }, 'failAudit', admin, { reason: '目标值过低' })).toMatchObject({ ok: true, next: { auditState: 2 } });
    expect(move({ ...BASE, auditState: 2 }, 'submitAudit', admin)).toMatchObject({ ok: true, next: { auditState: 0 } });
  });
  it('accepts a task to decompose into wait-resolve and a last-level task into wait-define', () => {
    expect(move({ ...BASE, rwjd: 'waitAccept' }, 'accept', as('head'))).toMatchObject({ ok: true, next: { rwjd: 'waitResolve' } });
    expect(move({ ...BASE, rwjd: 'waitAccept', lastLevel: true }, 'accept', as('owner'))).toMatchObject({ ok: true, next: { rwjd: 'waitDefine' } });
  });
  it('keeps the report waiting, then passes it: pass by the auditor, childPass by the parent task owner', () => {
    const waiting = { ...BASE, rwjd: 'executeing' as const, pendingReport: 'process' as const };
    expect(move(waiting, 'passReport', as('auditor'))).toMatchObject({ ok: true, reportAudit: 'pass', next: { pendingReport: null, rwjd: 'executeing' } });
    expect(move(waiting, 'passReport', as('admin'))).toMatchObject({ ok: true, reportAudit: 'pass' });
    expect(move(waiting, 'passReport', as('parentOwner'))).toMatchObject({ ok: true, reportAudit: 'childPass' });
    expect(move(waiting, 'passReport', as('parentOwner', 'auditor'))).toMatchObject({ ok: true, reportAudit: 'pass' });
    expect(move(waiting, 'rejectReport', as('parentOwner'), { reason: '证据不足' })).toMatchObject({ ok: true, reportAudit: 'reject', next: { pendingReport: null } });
  });
  it('finishes a task when its final report passes: done, or done late after a delay', () => {
    expect(move({ ...BASE, rwjd: 'executeing', pendingReport: 'final' }, 'passReport', as('parentOwner'))).toMatchObject({ ok: true, reportAudit: 'childPass', next: { rwjd: 'hasDone' } });
    expect(move({ ...BASE, rwjd: 'delayNotDone', pendingReport: 'final' }, 'passReport', as('auditor'))).toMatchObject({ ok: true, next: { rwjd: 'delayDone' } });
    expect(move({ ...BASE, rwjd: 'executeing', pendingReport: 'final' }, 'rejectReport', as('auditor'), { reason: 'x' })).toMatchObject({ ok: true, next: { rwjd: 'executeing' } });
  });
  it('moves the end date when a delay is granted, and keeps it when refused', () => {
    const asked = move({ ...BASE, rwjd: 'executeing' }, 'requestDelay', as('owner'), { reason: '设备未到', newEndDate: '2026-09-30' });
    expect(asked).toMatchObject({ ok: true, next: { pendingDelay: '2026-09-30', jssj: '2026-06-30', rwjd: 'executeing' } });
    if (!asked.ok) return;
    expect(move(asked.next, 'grantDelay', as('auditor'))).toMatchObject({ ok: true, next: { rwjd: 'delayNotDone', jssj: '2026-09-30', pendingDelay: null } });
    expect(move(asked.next, 'refuseDelay', as('auditor'), { reason: '不合理' })).toMatchObject({ ok: true, next: { rwjd: 'executeing', jssj: '2026-06-30', pendingDelay: null } });
  });
  it('urges a task not decomposed or not set, and its owner accepts', () => {
    expect(move({ ...BASE, rwjd: 'waitResolve' }, 'urge', as('head'))).toMatchObject({ ok: true, urgeStatus: 'targetNotResolved', next: { urge: 'urge' } });
    expect(move({ ...BASE, rwjd: 'waitDefine' }, 'urge', as('publisher'))).toMatchObject({ ok: true, urgeStatus: 'targetNotSet', next: { urge: 'urge' } });
    expect(move({ ...BASE, rwjd: 'executeing', urge: 'urge' }, 'acceptUrge', as('owner'))).toMatchObject({ ok: true, next: { urge: 'acceptUrge' } });
  });
  it('never changes the facts it was given', () => {
    const task = { ...BASE, rwjd: 'executeing' as const, pendingReport: 'final' as const };
    const copy = { ...task };
    move(task, 'passReport', as('auditor'));
    expect(task).toEqual(copy);
  });
});

describe('a whole life', () => {
  it('goes publish → send back → push again → accept → define → report → reject → report → delay → final pass', () => {
    const steps: [TaskAction, TaskRole, MoveInput, Rwjd][] = [
      ['submitAudit', 'publisher', {}, 'notPushed'],
      ['passAudit', 'auditor', {}, 'notPushed'],
      ['push', 'publisher', {}, 'waitAccept'],
      ['sendBack', 'owner', { reason: '不属于本部门' }, 'goBack'],
      ['push', 'publisher', {}, 'waitAccept'],
      ['accept', 'owner', {}, 'waitDefine'],
      ['urge', 'head', {}, 'waitDefine'],
      ['acceptUrge', 'owner', {}, 'waitDefine'],
      ['define', 'owner', { target: 100 }, 'executeing'],
      ['report', 'owner', { reportType: 'process' }, 'executeing'],
      ['rejectReport', 'auditor', { reason: '缺少佐证' }, 'executeing'],
      ['report', 'owner', { reportType: 'process' }, 'executeing'],
      ['passReport', 'auditor', {}, 'executeing'],
      ['requestDelay', 'owner', { reason: '延后', newEndDate: '2026-10-31' }, 'executeing'],
      ['grantDelay', 'auditor', {}, 'delayNotDone'],
      ['pause', 'publisher', {}, 'delayNotDone'],
      ['resume', 'publisher', {}, 'delayNotDone'],
      ['report', 'owner', { reportType: 'final' }, 'delayNotDone'],
      ['passReport', 'auditor', {}, 'delayDone'],
    ];
    let task: TaskFacts = { ...BASE, lastLevel: true };
    for (const [action, role, input, rwjd] of steps) {
      const r = move(task, action, as(role), input);
      if (!r.ok) throw new Error(`${action}: ${r.message}`);
      expect([action, r.next.rwjd]).toEqual([action, rwjd]);
      task = r.next;
    }
    expect(task).toMatchObject({ jssj: '2026-10-31', urge: 'acceptUrge', auditState: 1, pendingReport: null, pendingDelay: null, paused: false });
  });
});

describe('allowedActions (the buttons a task shows a person)', () => {
  const cases: [string, TaskFacts, TaskRole[], TaskAction[]][] = [
    ['a new task to its publisher', BASE, ['publisher'], ['submitAudit', 'pause']],
    ['a submitted task to its auditor', { ...BASE, auditState: 0 }, ['auditor'], ['passAudit', 'failAudit']],
    ['an audited task to an administrator', { ...BASE, auditState: 1 }, ['admin'], ['push', 'pause']],
    ['a pushed task to its owner', { ...BASE, rwjd: 'waitAccept' }, ['owner'], ['accept', 'sendBack']],
    ['a task to decompose, with children, to the head', { ...BASE, rwjd: 'waitResolve', childCount: 3 }, ['head'], ['resolve', 'define', 'urge']],
    ['a running task to its owner', { ...BASE, rwjd: 'executeing' }, ['owner'], ['report', 'requestDelay']],
    ['a task with a report and a delay waiting, to its auditor', { ...BASE, rwjd: 'executeing', pendingReport: 'final', pendingDelay: '2026-12-31' }, ['auditor'], ['passReport', 'rejectReport', 'grantDelay', 'refuseDelay']],
    ['the same task to its owner, who is also the auditor', { ...BASE, rwjd: 'executeing', pendingReport: 'final', pendingDelay: '2026-12-31' }, ['owner', 'auditor'], []],
    ['an urged task to its owner', { ...BASE, rwjd: 'waitDefine', urge: 'urge' }, ['owner'], ['define', 'acceptUrge']],
    ['a paused task to its publisher', { ...BASE, rwjd: 'executeing', paused: true }, ['publisher'], ['resume']],
    ['a paused task to its owner', { ...BASE, rwjd: 'executeing', paused: true }, ['owner'], []],
    ['a finished task to an administrator', { ...BASE, rwjd: 'hasDone' }, ['admin'], []],
  ];
  it.each(cases)('%s', (_name, task, roles, actions) => {
    expect(allowedActions(task, as(...roles))).toEqual(actions);
  });
});

/** One line of the README's transition table, rendered from a row. */
export function tableLine(r: Transition): string {
  const who = r.who.map((w) => `${w} ${TASK_ROLE_NAMES[w]}`).join(', ');
  return `| \`${r.action}\` ${TASK_ACTION_VERBS[r.action]} | ${r.from} ${RWJD_NAMES[r.from]} | ${r.to} ${RWJD_NAMES[r.to]} | ${who} | ${r.when ? CONDITION_TEXTS[r.when] : ''} |`;
}

describe('the module README', () => {
  it('holds exactly the rows of TRANSITIONS', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const lines = readme.split('\n').filter((l) => l.startsWith('| `'));
    expect(lines).toEqual(TRANSITIONS.map(tableLine));
  });
});
