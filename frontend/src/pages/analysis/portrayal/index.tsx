// 学校画像 (Portrayal, 000 §2 and §6): the portrait menus the person may read as a tree; the chosen menu's cards drawn
// on the right, each with its 订阅 toggle.
import { PORTRAYAL_LEVELS, PORTRAYAL_LEVEL_LABELS } from '@zhengai/contracts';
import { Card, Col, Empty, Row, Segmented, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { portrayalsByAuth } from '../../../api/school-analysis';
import { CardTile } from '../../../components/card-chart';
import { useRequest } from '../../../hooks/use-request';
import { SubscribeButton } from '../subscription/subscribe-button';
import { usePortrayalSubscriptions } from '../subscription/use-subscriptions';
import { findMenu, menuTree } from './portrayal-tree';

type Level = (typeof PORTRAYAL_LEVELS)[number];

export default function PortrayalPage() {
  const [level, setLevel] = useState<Level>('school');
  const menus = useRequest(() => portrayalsByAuth({ level }), `portrayals:${level}`);
  const subs = usePortrayalSubscriptions();
  const [chosen, setChosen] = useState<string | null>(null);
  const tree = useMemo<DataNode[]>(() => menuTree(menus.data ?? []), [menus.data]);
  const menu = findMenu(menus.data ?? [], chosen) ?? (menus.data ?? []).find((m) => m.kind === 'menu') ?? null;
  const cards = menu?.children.filter((c) => c.kind === 'card') ?? [];

  return (
    <Row gutter={16} data-testid="portrayal">
      <Col xs={24} md={6}>
        <Card size="small" title="画像菜单">
          <Segmented
            block
            size="small"
            style={{ marginBottom: 8 }}
            value={level}
            onChange={(v) => {
              setLevel(v as Level);
              setChosen(null);
            }}
            options={PORTRAYAL_LEVELS.map((l) => ({ value: l, label: PORTRAYAL_LEVEL_LABELS[l].replace('画像', '') }))}
          />
          <Spin spinning={menus.loading}>
            {tree.length ? (
              <Tree blockNode defaultExpandAll treeData={tree} selectedKeys={menu ? [menu.id] : []} onSelect={(keys) => keys[0] && setChosen(String(keys[0]))} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无可查看的画像" />
            )}
          </Spin>
        </Card>
      </Col>
      <Col xs={24} md={18}>
        {menu ? (
          <Card size="small" title={menu.name} extra={menu.description}>
            {cards.length ? (
              <Row gutter={[16, 16]} key={menu.id}>
                {cards.map((c) => (
                  <Col xs={24} xl={12} key={c.id}>
                    <CardTile cardId={c.id} title={c.nametwo || c.name} extra={<SubscribeButton subs={subs} id={c.id} kind="card" name={c.name} />} />
                  </Col>
                ))}
              </Row>
            ) : (
              <Empty description="该画像尚无卡片" />
            )}
          </Card>
        ) : (
          <Card>
            <Empty description={menus.loading ? ' ' : '暂无可查看的画像'} />
          </Card>
        )}
      </Col>
    </Row>
  );
}
