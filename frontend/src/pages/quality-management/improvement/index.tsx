import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AuditState } from '../../../api/diagnosis';
import { TaskCards } from './components/task-cards';
import { isDrawerTab } from './components/point-drawer';
import { TaskView, type LinkedPoint } from './components/task-view';
import { useTaskList } from './hooks';
import type { TaskFilter } from './tasks';

/**
 * The search parameters of the page: ?task= opens a task's table, with &point= (and &tab=detail|warnings|trend)
 * a point's drawer in it; cycle, state and q keep the card filters.
 */
const PARAM = { task: 'task', point: 'point', tab: 'tab', cycle: 'cycle', state: 'state', keyword: 'q' } as const;

/**
 * /qualityManagement/improvement (menu 诊断改进): the diagnosis tasks the person may open as cards, and a
 * task's quality-point table (?task=<id>) on the same menu page, so the tab strip keeps showing 诊断改进.
 */
export default function ImprovementPage() {
  const [params, setParams] = useSearchParams();
  const taskId = params.get(PARAM.task);
  const pointId = params.get(PARAM.point);
  const tab = params.get(PARAM.tab);
  const linkedPoint = useMemo<LinkedPoint | null>(() => (pointId ? { id: pointId, tab: isDrawerTab(tab) ? tab : 'detail' } : null), [pointId, tab]);
  const list = useTaskList();
  const filter: TaskFilter = {
    cycle: params.get(PARAM.cycle),
    state: params.get(PARAM.state) as AuditState | null,
    keyword: params.get(PARAM.keyword),
  };

  const withFilter = (next: TaskFilter, task?: string) => {
    const search = new URLSearchParams();
    if (task) search.set(PARAM.task, task);
    if (next.cycle) search.set(PARAM.cycle, next.cycle);
    if (next.state) search.set(PARAM.state, next.state);
    if (next.keyword) search.set(PARAM.keyword, next.keyword);
    return search;
  };

  if (taskId) {
    return (
      <TaskView
        key={taskId}
        taskId={taskId}
        linkedPoint={linkedPoint}
        onLinkedPointClosed={() => setParams(withFilter(filter, taskId), { replace: true })}
        onBack={() => {
          setParams(withFilter(filter));
          // the list shows the state and score the task has now
          list.reload();
        }}
      />
    );
  }
  return (
    <TaskCards
      list={list}
      filter={filter}
      onFilter={(next) => setParams(withFilter(next), { replace: true })}
      onOpen={(task) => setParams(withFilter(filter, task.id))}
    />
  );
}
