import { MAX_TEXT_LENGTH } from './infrastructure/database/preparing-client.js';
import { FillTodosSql } from './modules/data-collection/infrastructure/fill-todos.sql.js';
import { DiagnosisTodosSql } from './modules/diagnosis/infrastructure/diagnosis-todos.sql.js';
import { ReportTodosSql } from './modules/reports/infrastructure/report-todos.sql.js';
import { TaskTodosSql } from './modules/target-tasks/infrastructure/task-todos.sql.js';
import { WarningTodosSql } from './modules/warnings/infrastructure/warning-todos.sql.js';
import { todoListStatement } from './modules/workbench/infrastructure/todo-list.pg-reader.js';

// 我的待办's statement as app.module wires it (WorkbenchModule.withTodoSources): the five modules' fragments, united.
// Here rather than in workbench, which comes before the sources in MODULE_ORDER.
describe('the sources\' statement', () => {
  const fragments = [new TaskTodosSql(), new DiagnosisTodosSql(), new WarningTodosSql(), new ReportTodosSql(), new FillTodosSql()].map((s) => s.fragment());
  const statement = todoListStatement(fragments);

  it('is one constant text short enough for the pool\'s client to keep it prepared', () => {
    expect(statement.sql.length).toBeLessThanOrEqual(MAX_TEXT_LENGTH);
    expect(todoListStatement(fragments)).toEqual(statement);
  });

  it('reads the person as $1 and needs no value of a fragment (the domain\'s tables are literals)', () => {
    expect(statement.params).toEqual([]);
    expect(new Set(statement.sql.match(/\$\d+/g))).toEqual(new Set(['$1', '$2', '$3', '$4', '$5', '$6']));
  });

  it('has every source read the person\'s standing inside it: role codes, headed departments, menus', () => {
    expect(fragments.map((f) => f.sql.includes('$1'))).toEqual([true, true, true, true, true]);
    const all = fragments.map((f) => f.sql).join('\n');
    expect(all).toContain('FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = $1');
    expect(all).toContain('SELECT id FROM department WHERE charge_user_id = $1');
    // in the statement the person is an InitPlan's value (so PostgreSQL keeps the generic plan)
    expect(statement.sql).not.toMatch(/\$1(?!::varchar\))/);
  });
});
