import { afterAudit, isEditable, taskStateOf, type AuditAction, type AuditState } from './audit.js';

describe('audit state machine', () => {
  const states: AuditState[] = ['draft', 'submitted', 'passed', 'refused'];
  const actions: AuditAction[] = ['submit', 'pass', 'refuse'];
  const allowed: Record<string, AuditState> = {
    'draft submit': 'submitted',
    'refused submit': 'submitted',
    'submitted pass': 'passed',
    'submitted refuse': 'refused',
  };

  it.each(states.flatMap((s) => actions.map((a) => [s, a] as const)))('%s + %s', (state, action) => {
    expect(afterAudit(state, action)).toBe(allowed[`${state} ${action}`] ?? null);
  });

  it('lets people edit only before submission or after a refusal', () => {
    expect(states.filter(isEditable)).toEqual(['draft', 'refused']);
  });

  it('reads the task state (rwzt) from the audit: finished once passed, paused while waiting for the auditor', () => {
    expect(states.map(taskStateOf)).toEqual(['normal', 'pause', 'finished', 'normal']);
  });
});
