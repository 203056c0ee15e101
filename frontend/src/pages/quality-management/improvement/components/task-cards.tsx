import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Input, Select, Tag } from 'antd';
import { useState } from 'react';
import type { AuditState, DiagnosisTask } from '../../../../api/diagnosis';
import { UNKNOWN, formatPercent } from '../../../../utils/formatters';
import { CARDS_PER_PAGE, type TaskList } from '../hooks';
import { auditStateTag } from '../quality-values';
import { AUDIT_STATE_OPTIONS, objectTypeName, taskPeriod, type TaskFilter } from '../tasks';
import layout from '../../../../components/page-layout.module.css';
import styles from '../improvement.module.css';
import { CardFact } from '../../../../components/card-fact';
import { CardList } from '../../../../components/card-list';


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
  title: string;
  list: TaskList;
  /** the cycle filter's options */
  cycles: string[];
  filter: TaskFilter;
  /** the page shown */
  current: number;
  onFilter(filter: TaskFilter): void;
  onPage(page: number): void;
  onOpen(task: DiagnosisTask): void;
}

/** The tasks the person may open, as cards, filtered by cycle, audit state and name and paged by the server. */
export function TaskCards({ title, list, cycles, filter, current, onFilter, onPage, onOpen }: TaskCardsProps) {
  const [keyword, setKeyword] = useState(filter.keyword ?? '');
  const page = list.page;
  const change = (next: TaskFilter) => onFilter(next);

  return (
    <Card title={title}>
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
        <Button icon={<ReloadOutlined />} onClick={list.reload} loading={list.loading && page !== null}>
          刷新
        </Button>
      </div>
      <CardList
        loading={list.loading}
        loaded={page !== null}
        records={page?.records ?? []}
        total={page?.total ?? 0}
        current={current}
        pageSize={CARDS_PER_PAGE}
        onPage={onPage}
        renderCard={(task) => <TaskCard key={task.id} task={task} onOpen={() => onOpen(task)} />}
      />
    </Card>
  );
}
