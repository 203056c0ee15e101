import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Input, Select, Tag } from 'antd';
import { useMemo, useState } from 'react';
import type { AuditState, DiagnosisTask } from '../../../../api/diagnosis';
import { UNKNOWN, formatPercent } from '../../../../utils/formatters';
import type { TaskList } from '../hooks';
import { auditStateTag } from '../quality-values';
import { AUDIT_STATE_OPTIONS, cycleOptions, filterTasks, objectTypeName, taskPeriod, type TaskFilter } from '../tasks';
import layout from '../../../../components/page-layout.module.css';
import styles from '../improvement.module.css';
import { CardFact } from '../../../../components/card-fact';
import { CardList } from '../../../../components/card-list';

/** Cards a page (spec 000 §9: the default page size). */
export const CARDS_PER_PAGE = 10;

/** One task as a card (001 §2 card list, §3 task card): name (rwmc), object, cycle (zqz), start ~ end (kssj, jssj), owner, supervisor (jkrmc, the auditor), audit state, score. */
function TaskCard({ task, onOpen }: { task: DiagnosisTask; onOpen(): void }) {
  const state = auditStateTag(task.auditState, task.auditStateName);
  return (
    <Card
      hoverable
      size="small"
      className={styles.taskItem}
      role="link"
      tabIndex={0}
      aria-label={task.rwmc}
      onClick={onOpen}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onOpen();
        }
      }}
      title={<span title={task.rwmc}>{task.rwmc}</span>}
      extra={
        <>
          {task.cycleClosed && <Tag>周期已关闭</Tag>}
          <Tag color={state.color}>{state.text}</Tag>
        </>
      }
    >
      <div className={styles.cardBody}>
        <div className={styles.cardFacts}>
          <CardFact label="诊断对象" value={`${objectTypeName(task.objectType)}：${task.objectName}`} />
          <CardFact label="周期" value={task.zqz} />
          <CardFact label="起止时间" value={taskPeriod(task) ?? UNKNOWN} wrap />
          <CardFact label="负责人" value={task.ownerName || UNKNOWN} />
          <CardFact label="审核人" value={task.jkrmc || UNKNOWN} />
          {task.urgeCount > 0 && <CardFact label="催办" value={`${task.urgeCount}次，最近${task.lastUrgedAt ?? UNKNOWN}`} />}
        </div>
        <div className={styles.cardScore}>
          <div className={task.score === null || task.score === undefined ? styles.scoreNone : styles.scoreValue}>
            {task.score === null || task.score === undefined ? UNKNOWN : formatPercent(task.score)}
          </div>
          <div className={styles.cardLabel}>得分</div>
        </div>
      </div>
    </Card>
  );
}

interface TaskCardsProps {
  list: TaskList;
  filter: TaskFilter;
  onFilter(filter: TaskFilter): void;
  onOpen(task: DiagnosisTask): void;
}

/** The tasks the person may open, as cards, filtered by cycle, audit state and name. */
export function TaskCards({ list, filter, onFilter, onOpen }: TaskCardsProps) {
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState(filter.keyword ?? '');
  const cycles = useMemo(() => cycleOptions(list.tasks ?? []), [list.tasks]);
  const shown = useMemo(() => filterTasks(list.tasks ?? [], filter), [list.tasks, filter]);
  // a filter that leaves fewer pages brings the last one
  const lastPage = Math.max(1, Math.ceil(shown.length / CARDS_PER_PAGE));
  const current = Math.min(page, lastPage);
  const onPage = shown.slice((current - 1) * CARDS_PER_PAGE, current * CARDS_PER_PAGE);

  const change = (next: TaskFilter) => {
    setPage(1);
    onFilter(next);
  };

  return (
    <Card title="诊断改进">
      <div className={layout.bar}>
        <div className={styles.filters}>
          <Select
            aria-label="周期"
            allowClear
            placeholder="全部周期"
            className={styles.filterSelect}
            value={filter.cycle || undefined}
            options={cycles.map((c) => ({ value: c, label: c }))}
            onChange={(cycle?: string) => change({ ...filter, cycle: cycle ?? null })}
          />
          <Select
            aria-label="审核状态"
            allowClear
            placeholder="全部状态"
            className={styles.filterSelect}
            value={filter.state || undefined}
            options={AUDIT_STATE_OPTIONS}
            onChange={(state?: AuditState) => change({ ...filter, state: state ?? null })}
          />
          <Input
            aria-label="任务名称"
            allowClear
            placeholder="任务或对象名称"
            prefix={<SearchOutlined />}
            className={styles.filterInput}
            value={keyword}
            onChange={(e) => {
              setKeyword(e.target.value);
              change({ ...filter, keyword: e.target.value });
            }}
          />
        </div>
        <Button icon={<ReloadOutlined />} onClick={list.reload} loading={list.loading && list.tasks !== null}>
          刷新
        </Button>
      </div>
      <CardList
        loading={list.loading}
        loaded={list.tasks !== null}
        records={onPage}
        total={shown.length}
        current={current}
        pageSize={CARDS_PER_PAGE}
        onPage={setPage}
        renderCard={(task) => <TaskCard key={task.id} task={task} onOpen={() => onOpen(task)} />}
      />
    </Card>
  );
}
