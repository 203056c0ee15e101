import { Card, Empty, List } from 'antd';
import { Link } from 'react-router-dom';
import type { Page } from '../../../api/types';
import type { MyWarning } from '../../../api/warnings';
import type { MenuMap } from '../../../api/types';
import { myWarningLink, myWarningValues } from '../home-data';
import type { Loaded } from '../hooks';
import styles from '../home.module.css';

/**
 * 我的预警: the person's open warnings, newest first — point, warning time, task, warning and monitored value —
 * each a link to the task's table with the point's drawer on 预警历史; 暂无待处理预警 when there are none.
 */
export function MyWarningsCard({ state, menus, allLink }: { state: Loaded<Page<MyWarning>>; menus?: MenuMap | null; allLink?: string | null }) {
  const warnings = state.data?.records ?? [];
  const total = state.data?.total ?? 0;
  return (
    <Card
      title="我的预警"
      className={styles.myWarnings}
      loading={state.loading}
      data-testid="my-warnings"
      extra={
        total > 0 && (
          <span className={styles.muted}>
            共{total}条{allLink && <Link to={allLink}>，查看全部</Link>}
          </span>
        )
      }
    >
      {warnings.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待处理预警" className={styles.statEmpty} />
      ) : (
        <List<MyWarning>
          size="small"
          split
          dataSource={warnings}
          renderItem={(w) => {
            const values = myWarningValues(w);
            return (
              <List.Item key={w.id} className={styles.warningItem}>
                <div className={styles.warningLine}>
                  <Link to={myWarningLink(w, menus)} className={styles.warningName}>
                    {w.zkdmc}
                  </Link>
                  <span className={styles.warningTime}>{w.yjsj}</span>
                </div>
                <div className={styles.warningLine}>
                  <span className={styles.warningTask} title={w.rwmc}>
                    {w.rwmc}
                  </span>
                  <span className={styles.warningValues}>
                    预警值 {values.limit} / 监测值 <b className={styles.warningBreach}>{values.value}</b>
                  </span>
                </div>
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
}
