// 首页 sections of issue 16: the person's own dashboard tiles (composed at /dashboards) and the portrait cards they
// subscribed to (我的订阅). Both stay away when empty or when the person has no access to them.
import type { Dashboard, Subscription } from '@zhengai/contracts';
import { Card, Col, Row } from 'antd';
import { Link } from 'react-router-dom';
import { myDashboard } from '../../../api/school-analysis';
import { subscriptions } from '../../../api/subscriptions';
import { CardTile } from '../../../components/card-chart';
import { useRequest } from '../../../hooks/use-request';
import { DashboardTiles } from '../../dashboards/dashboard-tiles';
import { PORTRAYAL_SUBSCRIPTION, followedIds } from '../../analysis/subscription/subscription-data';
import styles from '../home.module.css';

export function AnalysisCards({ dashboardLink, subscriptionLink }: { dashboardLink: string | null; subscriptionLink: string | null }) {
  const dashboard = useRequest<Dashboard>(() => myDashboard({ silent: true }), 'home-dashboard');
  const followed = useRequest<Subscription[]>(() => subscriptions(PORTRAYAL_SUBSCRIPTION, { silent: true }), 'home-subscriptions');
  const tiles = dashboard.data?.tiles ?? [];
  const cardIds = followedIds(followed.data, 'card').filter((id) => !tiles.some((t) => t.cardId === id));
  const names = new Map((followed.data ?? []).map((s) => [s.sfzid, s.lw ?? '']));
  return (
    <>
      {tiles.length > 0 && (
        <Card title="我的仪表盘" className={styles.section} data-testid="home-dashboard" extra={dashboardLink ? <Link to={dashboardLink}>自定义</Link> : undefined}>
          <DashboardTiles tiles={tiles} />
        </Card>
      )}
      {cardIds.length > 0 && (
        <Card title="我的订阅" className={styles.section} data-testid="home-subscriptions" extra={subscriptionLink ? <Link to={subscriptionLink}>管理订阅</Link> : undefined}>
          <Row gutter={[16, 16]}>
            {cardIds.map((id) => (
              <Col xs={24} xl={12} key={id}>
                <CardTile cardId={id} title={names.get(id)} height={220} />
              </Col>
            ))}
          </Row>
        </Card>
      )}
    </>
  );
}
