// 我的订阅 (Subscription): the portrait cards and screens the person may read, each with its subscribe toggle; the
// followed cards show on 首页.
import type { Portrayal } from '@zhengai/contracts';
import { PAGINATION_DEFAULTS } from '../../../utils/pagination';
import { PORTRAYAL_LEVEL_LABELS } from '@zhengai/contracts';
import { Card, Space, Table, Tabs, Tag } from 'antd';
import { cardsByAuth, screensByAuth } from '../../../api/school-analysis';
import { useRequest } from '../../../hooks/use-request';
import { EMPTY_TEXT } from '../../../utils/constants';
import { SubscribeButton } from './subscribe-button';
import { usePortrayalSubscriptions } from './use-subscriptions';

export default function SubscriptionPage() {
  const subs = usePortrayalSubscriptions();
  const cards = useRequest(() => cardsByAuth({ pageNum: 1, pageSize: 1000 }), 'cards-by-auth');
  const screens = useRequest(() => screensByAuth(), 'screens-by-auth');

  const table = (kind: 'card' | 'screen', rows: Portrayal[], loading: boolean) => (
    <Table<Portrayal>
      rowKey="id"
      size="small"
      // a screen's cards show as tags, not as tree rows
      expandable={{ childrenColumnName: 'noRows' }}
      loading={loading}
      dataSource={rows}
      pagination={{ ...PAGINATION_DEFAULTS, pageSize: 10 }}
      locale={{ emptyText: EMPTY_TEXT }}
      columns={[
        { title: '名称', dataIndex: 'name' },
        { title: '层级', dataIndex: 'level', width: 120, render: (v: Portrayal['level']) => PORTRAYAL_LEVEL_LABELS[v] },
        kind === 'card'
          ? { title: '说明', dataIndex: 'description', render: (v: string | null) => v ?? '' }
          : { title: '卡片', key: 'cards', render: (_: unknown, r: Portrayal) => <Space wrap>{r.children.map((c) => <Tag key={c.id}>{c.nametwo || c.name}</Tag>)}</Space> },
        {
          title: '订阅',
          key: 'follow',
          width: 140,
          render: (_: unknown, r: Portrayal) => {
            const followed = subs.ids(kind).includes(r.id);
            return (
              <Space>
                <Tag color={followed ? 'gold' : undefined}>{followed ? '已订阅' : '未订阅'}</Tag>
                <SubscribeButton subs={subs} id={r.id} kind={kind} name={r.name} />
              </Space>
            );
          },
        },
      ]}
    />
  );

  return (
    <Card title="我的订阅" data-testid="subscriptions">
      <Tabs
        items={[
          { key: 'card', label: `画像卡片（已订阅 ${subs.ids('card').length}）`, children: table('card', cards.data?.records ?? [], cards.loading) },
          { key: 'screen', label: `画像大屏（已订阅 ${subs.ids('screen').length}）`, children: table('screen', screens.data ?? [], screens.loading) },
        ]}
      />
    </Card>
  );
}
