// 运行监测 (OperationMonitoring, 000 §2 and §9): the platform's live figures — the 自动采集率 ring, the other rates with
// value/target, points by grade, warnings and tasks by state, collection by task and the latest warnings.
import { QuestionCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { POINT_GRADES_HELP } from '@zhengai/contracts';
import { Button, Card, Col, Empty, List, Progress, Row, Space, Statistic, Tag, Tooltip } from 'antd';
import { useMemo } from 'react';
import { operationMonitoring } from '../../../api/school-analysis';
import { CardChart } from '../../../components/card-chart';
import { ProgressRing, clampPercent } from '../../../components/progress-ring';
import { useRequest } from '../../../hooks/use-request';
import { EMPTY_TEXT } from '../../../utils/constants';
import { formatDateTime, formatPercent } from '../../../utils/formatters';
import { relativeTime } from '../../../utils/relative-time';
import { collectionCard, countsCard } from './monitoring-data';

export default function OperationMonitoringPage() {
  const monitoring = useRequest(() => operationMonitoring(), 'monitoring');
  const data = monitoring.data;
  const cards = useMemo(
    () =>
      data && {
        grades: countsCard('points-by-grade', '质控点等级', 'pie', data.pointsByGrade, data.at),
        warnings: countsCard('warnings-by-state', '预警情况', 'bar', data.warningsByState, data.at),
        tasks: countsCard('tasks-by-state', '任务完成情况', 'pie', data.tasksByState, data.at),
        collection: collectionCard(data.collectionByTask, data.at),
      },
    [data],
  );
  const collection = data?.figures.find((f) => f.key === 'collection');
  const others = data?.figures.filter((f) => f.key !== 'collection') ?? [];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="monitoring">
      <Card
        title="运行监测"
        loading={monitoring.loading && !data}
        extra={
          <Space>
            {data && <span style={{ color: '#999' }}>数据读取于 {formatDateTime(data.at)}</span>}
            <Button icon={<ReloadOutlined />} loading={monitoring.loading} onClick={() => void monitoring.reload()}>
              刷新
            </Button>
          </Space>
        }
      >
        {data ? (
          <Row gutter={[16, 16]} align="middle">
            <Col xs={24} lg={8} style={{ display: 'flex', justifyContent: 'center' }}>
              <ProgressRing value={collection?.progress ?? '0'} label="自动采集率" />
            </Col>
            <Col xs={24} lg={16}>
              <Row gutter={[16, 16]}>
                {others.map((f) => (
                  <Col xs={12} md={6} key={f.key}>
                    <Card size="small" data-testid={`figure-${f.key}`}>
                      <Statistic title={f.label} value={formatPercent(f.progress)} />
                      <Progress percent={clampPercent(f.progress)} showInfo={false} size="small" />
                      <span style={{ color: '#999' }}>
                        {f.value} / {f.target}
                      </span>
                    </Card>
                  </Col>
                ))}
              </Row>
            </Col>
          </Row>
        ) : (
          !monitoring.loading && <Empty description={EMPTY_TEXT} />
        )}
      </Card>
      {cards && data && (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={8}>
            <Card
              size="small"
              title="质控点等级"
              extra={
                <Tooltip title={POINT_GRADES_HELP}>
                  <QuestionCircleOutlined aria-label="质控点等级说明" />
                </Tooltip>
              }
            >
              <CardChart data={cards.grades} />
            </Card>
          </Col>
          <Col xs={24} lg={8}>
            <Card size="small" title="预警情况">
              <CardChart data={cards.warnings} />
            </Card>
          </Col>
          <Col xs={24} lg={8}>
            <Card size="small" title="任务完成情况">
              <CardChart data={cards.tasks} />
            </Card>
          </Col>
          <Col xs={24} lg={16}>
            <Card size="small" title="各任务采集情况">
              <CardChart data={cards.collection} height={300} />
            </Card>
          </Col>
          <Col xs={24} lg={8}>
            <Card size="small" title="最新预警">
              <List
                size="small"
                locale={{ emptyText: EMPTY_TEXT }}
                dataSource={data.recentWarnings}
                style={{ maxHeight: 300, overflow: 'auto' }}
                renderItem={(w) => (
                  <List.Item extra={<span style={{ color: '#999' }}>{relativeTime(w.at)}</span>}>
                    <Space>
                      {w.grade && <Tag color="orange">{w.grade}</Tag>}
                      <span>{w.name}</span>
                    </Space>
                  </List.Item>
                )}
              />
            </Card>
          </Col>
        </Row>
      )}
    </Space>
  );
}
