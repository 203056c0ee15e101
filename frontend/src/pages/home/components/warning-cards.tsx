import { Card, Col, Empty, Row, Statistic } from 'antd';
import { Link } from 'react-router-dom';
import { EMPTY_TEXT } from '../../../utils/constants';
import type { WarningQuery } from '../home-data';
import { useScopeWarnings } from '../hooks';
import styles from '../home.module.css';

/** One scope's sums, loaded by the card itself. */
function ScopeCard({ query }: { query: WarningQuery }) {
  const { data, loading, failed } = useScopeWarnings(query);
  return (
    <Card type="inner" size="small" title={query.title} loading={loading} data-testid={`warnings-${query.scope}`}>
      {failed || !data ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} className={styles.statEmpty} />
      ) : (
        <Row gutter={8}>
          <Col span={8}>
            <Statistic title="过程预警" value={data.process} styles={{ content: { color: data.process > 0 ? '#fa8c16' : undefined } }} />
          </Col>
          <Col span={8}>
            <Statistic title="逾期预警" value={data.expired} styles={{ content: { color: data.expired > 0 ? '#f5222d' : undefined } }} />
          </Col>
          <Col span={8}>
            <Statistic title="预警总数" value={data.total} />
          </Col>
        </Row>
      )}
    </Card>
  );
}

/**
 * 过程预警 / 逾期预警 / 预警总数 for each scope the person may see (spec 000 §6); colour only when there is something;
 * with `listLink`, 查看预警任务 opens the 预警任务 list.
 */
export function WarningCards({ queries, listLink }: { queries: WarningQuery[]; listLink?: string | null }) {
  if (queries.length === 0) return null;
  return (
    <Card title="任务预警" className={styles.section} extra={listLink ? <Link to={listLink}>查看预警任务</Link> : undefined}>
      <Row gutter={[16, 16]}>
        {queries.map((query) => (
          <Col key={query.scope} xs={24} lg={24 / Math.min(queries.length, 3)}>
            <ScopeCard query={query} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
