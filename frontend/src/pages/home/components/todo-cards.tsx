import { AlertOutlined, AuditOutlined, ScheduleOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { TodoCounts } from '../../../api/types';
import { EMPTY_TEXT } from '../../../utils/constants';
import type { Loaded } from '../hooks';
import { todoGroupLink } from '../../todos/todo-data';
import styles from '../home.module.css';

const ITEMS: Array<{ key: keyof TodoCounts; title: string; empty: string; icon: ReactNode; color: string }> = [
  { key: 'tasks', title: '待办任务', empty: '暂无待办任务', icon: <ScheduleOutlined />, color: 'rgb(57,126,240)' },
  { key: 'warnings', title: '待处理预警', empty: '暂无待处理预警', icon: <AlertOutlined />, color: '#fa8c16' },
  { key: 'audits', title: '待审核', empty: '暂无待审核事项', icon: <AuditOutlined />, color: '#52c41a' },
];

/**
 * The three to-do counts as statistic cards, each saying so when there is nothing, else leading to 我的待办 filtered to
 * its group: the counts are the groups' totals of that list (the server counts them from the same items).
 */
export function TodoCards({ state }: { state: Loaded<TodoCounts> }) {
  return (
    <Row gutter={[16, 16]}>
      {ITEMS.map((item) => {
        const value = state.data?.[item.key] ?? 0;
        return (
          <Col key={item.key} xs={24} md={8}>
            <Card loading={state.loading} className={styles.statCard}>
              {state.failed ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} className={styles.statEmpty} />
              ) : (
                <div className={styles.statBody}>
                  <span className={styles.statIcon} style={{ color: item.color, background: `color-mix(in srgb, ${item.color} 12%, #fff)` }}>
                    {item.icon}
                  </span>
                  <div>
                    <Statistic title={item.title} value={value} />
                    <Typography.Text type="secondary" className={styles.statHint}>
                      {value === 0 ? item.empty : <Link to={todoGroupLink(item.key)} data-testid={`todo-link-${item.key}`}>去处理</Link>}
                    </Typography.Text>
                  </div>
                </div>
              )}
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
