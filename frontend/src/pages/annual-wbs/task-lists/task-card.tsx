import { Badge, Button, Card, Tag } from 'antd';
import type { MouseEvent } from 'react';
import type { TargetTask } from '../../../api/target-tasks';
import { CardFact } from '../../../components/card-fact';
import { formatDate, UNKNOWN } from '../../../utils/formatters';
import { dateSpan, decodeName, rejectionText, rwjdTag, URGE_NOTICE, yearSpan } from './task-list-values';
import styles from './task-lists.module.css';

interface TaskCardProps {
  task: TargetTask;
  /** the page's address with this task's detail open (search param `task`) */
  href: string;
  /** 编辑, 分解 and 删除 (the year target publisher and administrators) */
  writes: boolean;
  onOpen(): void;
  onEdit(): void;
  onDecompose(): void;
  onDelete(): void;
}

/** A button on the card that does its own thing, not open the detail as a click on the card does. */
const own = (act: () => void) => (e: MouseEvent) => {
  e.stopPropagation();
  act();
};

/**
 * A year / department / my task card (001 §3): rwmc, its state tag, creator (cjrmc decoded), rwnf first ~ last, task
 * type, publishing and charge department, owner, kssj ~ jssj, a rejection still standing (with its reason) or an
 * urge not yet accepted, and the process and overdue warning counts. A click opens the task's detail.
 */
export function TaskCard({ task, href, writes, onOpen, onEdit, onDecompose, onDelete }: TaskCardProps) {
  const tag = rwjdTag(task.rwjd);
  return (
    <Card
      size="small"
      hoverable
      className={styles.taskCard}
      data-testid="task-card"
      aria-label={task.rwmc}
      onClick={onOpen}
      title={
        // a real link, for the keyboard and a new tab; a plain click stays in the page
        <a
          className={styles.cardTitle}
          href={href}
          title={task.rwmc}
          onClick={(e) => {
            if (e.ctrlKey || e.metaKey || e.shiftKey) {
              e.stopPropagation();
              return;
            }
            e.preventDefault();
            e.stopPropagation();
            onOpen();
          }}
        >
          {task.rwmc}
        </a>
      }
      extra={
        <span className={styles.cardTags}>
          {task.taskState === 'pause' && <Tag color="default">已暂停</Tag>}
          <Tag color={tag.color} data-testid="task-state">
            {tag.text}
          </Tag>
        </span>
      }
      actions={
        writes
          ? [
              <Button key="edit" type="link" size="small" onClick={own(onEdit)}>
                编辑
              </Button>,
              <Button key="decompose" type="link" size="small" onClick={own(onDecompose)}>
                分解
              </Button>,
              <Button key="delete" type="link" size="small" danger onClick={own(onDelete)}>
                删除
              </Button>,
            ]
          : undefined
      }
    >
      <div className={styles.cardFacts}>
        <CardFact label="任务年份" value={yearSpan(task.rwnf)} />
        <CardFact label="任务类型" value={task.rwlxmc || task.rwlx} />
        <CardFact label="创建人" value={decodeName(task.cjrmc) || UNKNOWN} />
        <CardFact label="负责人" value={task.ownerName || UNKNOWN} />
      </div>
      <div className={styles.cardRows}>
        <CardFact label="发布部门" value={task.fbbm || UNKNOWN} />
        <CardFact label="责任部门" value={task.chargeDepartName || UNKNOWN} />
        <CardFact label="年度目标" value={task.yearTargetName || UNKNOWN} />
        <CardFact label="起止时间" value={dateSpan(task.kssj, task.jssj)} wrap />
      </div>
      {task.rejection && (
        // the state tag alone still says 执行中 after a rejected report (issue 34): the owner must see why
        <div className={`${styles.cardNotice} ${styles.cardRejected}`} data-testid="task-rejection" title={task.rejection.reason}>
          <strong>{rejectionText(task.rejection)}</strong>
          <span className={styles.noticeReason}>{task.rejection.reason}</span>
          <span className={styles.noticeWhen}>
            {task.rejection.byName ?? UNKNOWN} · {formatDate(task.rejection.at)}
          </span>
        </div>
      )}
      {task.openUrge && (
        <div className={`${styles.cardNotice} ${styles.cardUrged}`} data-testid="task-urge" title={task.openUrge.message ?? undefined}>
          <strong>{URGE_NOTICE}</strong>
          {task.openUrge.message && <span className={styles.noticeReason}>{task.openUrge.message}</span>}
          <span className={styles.noticeWhen}>
            {task.openUrge.fromName ?? UNKNOWN} · {formatDate(task.openUrge.at)}
          </span>
        </div>
      )}
      <div className={styles.cardFoot}>
        <span className={styles.children}>{task.childCount > 0 ? `子任务 ${task.childCount}` : '末级任务'}</span>
        <span className={styles.warnings}>
          <span className={styles.warning} data-testid="process-warnings">
            过程预警 <Badge count={task.processWarningCount} showZero color={task.processWarningCount > 0 ? '#faad14' : '#d9d9d9'} />
          </span>
          <span className={styles.warning} data-testid="expired-warnings">
            逾期预警 <Badge count={task.expiredWarningCount} showZero color={task.expiredWarningCount > 0 ? '#ff4d4f' : '#d9d9d9'} />
          </span>
        </span>
      </div>
    </Card>
  );
}
