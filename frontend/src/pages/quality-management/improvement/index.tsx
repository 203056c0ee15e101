import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AuditState } from '../../../api/diagnosis';
import { TaskCards } from './components/task-cards';
import { isDrawerTab } from './components/point-drawer';
import { TaskView, type LinkedPoint } from './components/task-view';
import { useTaskCycles, useTaskPage } from './hooks';
import type { TaskFilter } from './tasks';
import { levelTitle, type LevelPageProps } from '../../level-page';

/**
 * The search parameters of the page: ?task= opens a task's table, with &point= (and &tab=detail|warnings|trend)
 * a point's drawer in it; cycle, state, q and page keep the cards' filters and page.
 */
const PARAM = { task: 'task', point: 'point', tab: 'tab', cycle: 'cycle', state: 'state', keyword: 'q', page: 'page' } as const;

/**
 * /qualityManagement/improvement (menu 诊断改进): the diagnosis tasks the person may open as cards, paged by the
 * server, and a task's quality-point table (?task=<id>) on the same menu page, so the tab strip keeps showing 诊断改进.
 * A centre's 诊断改进 (`/majorDevelopCenter/improvement` …) is this page with its level: only that level's tasks.
 */
export default function ImprovementPage(props: LevelPageProps) {
  const level = props.level ?? null;
  const [params, setParams] = useSearchParams();
  const taskId = params.get(PARAM.task);
  const pointId = params.get(PARAM.point);
  const tab = params.get(PARAM.tab);
  const linkedPoint = useMemo<LinkedPoint | null>(() => (pointId ? { id: pointId, tab: isDrawerTab(tab) ? tab : 'detail' } : null), [pointId, tab]);
  const filter: TaskFilter = {
    cycle: params.get(PARAM.cycle),
    state: params.get(PARAM.state) as AuditState | null,
    keyword: params.get(PARAM.keyword),
  };
  const pageParam = Number(params.get(PARAM.page));
  const pageNum = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  // the cards are not asked for while a task's table is open
  const list = useTaskPage(level, filter, pageNum, !taskId);
  const cycles = useTaskCycles(level);

  const withFilter = (next: TaskFilter, task?: string, page = 1) => {
    const search = new URLSearchParams();
    if (task) search.set(PARAM.task, task);
    if (next.cycle) search.set(PARAM.cycle, next.cycle);
    if (next.state) search.set(PARAM.state, next.state);
    if (next.keyword) search.set(PARAM.keyword, next.keyword);
    if (page > 1) search.set(PARAM.page, String(page));
    return search;
  };

  if (taskId) {
    return (
      <TaskView
        key={taskId}
        taskId={taskId}
        linkedPoint={linkedPoint}
        onLinkedPointClosed={() => setParams(withFilter(filter, taskId, pageNum), { replace: true })}
        // the cards are asked afresh on the way back: the state and score the task has now
        onBack={() => setParams(withFilter(filter, undefined, pageNum))}
      />
    );
  }
  return (
    <TaskCards
      title={levelTitle('诊断改进', props)}
      list={list}
      cycles={cycles}
      filter={filter}
      current={pageNum}
      onFilter={(next) => setParams(withFilter(next), { replace: true })}
      onPage={(page) => setParams(withFilter(filter, undefined, page))}
      onOpen={(task) => setParams(withFilter(filter, task.id, pageNum))}
    />
  );
}
