// 仪表盘自定义 (/dashboards): the person composes the home dashboard from the cards they may read — order, chart,
// width — and saves it; leaving with unsaved changes asks first (000 §9 退出提示).
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CARD_CHART_LABELS, DASHBOARD_MAX_TILES, SCHOOL_ANALYSIS_MESSAGES, type DashboardTile, type Portrayal } from '@zhengai/contracts';
import { App, Button, Card, Col, Empty, Input, List, Radio, Row, Select, Space, Tag } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { cardsByAuth, myDashboard, saveDashboard } from '../../api/school-analysis';
import { useRequest } from '../../hooks/use-request';
import { CONFIRM_MODAL, EMPTY_TEXT } from '../../utils/constants';
import { addTile, chartsFor, moveTile, removeTile, sameTiles, updateTile } from './dashboard-edit';
import { DashboardTiles } from './dashboard-tiles';
import { useLeaveGuard } from './use-leave-guard';

const HOME_PATH = '/index';

export default function DashboardsPage() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const cards = useRequest(() => cardsByAuth({ pageNum: 1, pageSize: 1000 }), 'dashboard-cards');
  const [saved, setSaved] = useState<DashboardTile[] | null>(null);
  const [tiles, setTiles] = useState<DashboardTile[]>([]);
  const [saving, setSaving] = useState(false);
  const area = useRef<HTMLDivElement>(null);
  useRequest(() => myDashboard(), 'my-dashboard', {
    onSuccess: (d) => {
      setSaved(d.tiles);
      setTiles(d.tiles);
    },
  });

  const byId = useMemo(() => new Map((cards.data?.records ?? []).map((c) => [c.id, c])), [cards.data]);
  const titles = useMemo(() => Object.fromEntries([...byId].map(([id, c]) => [id, c.name])), [byId]);
  const shown = (cards.data?.records ?? []).filter((c) => !keyword || c.name.includes(keyword));
  const dirty = saved !== null && !sameTiles(saved, tiles);
  const full = tiles.length >= DASHBOARD_MAX_TILES;


  const save = async (): Promise<boolean> => {
    setSaving(true);
    try {
      const next = await saveDashboard(tiles, { successMessage: '保存成功' });
      setSaved(next.tiles);
      setTiles(next.tiles);
      return true;
    } catch {
      return false;
    } finally {
      setSaving(false);
    }
  };

  /** 退出提示 / 是否保存当前的修改？: 保存 saves and then goes, 不保存 goes. */
  const askBeforeLeaving = (proceed: () => void) =>
    modal.confirm({
      ...CONFIRM_MODAL,
      keyboard: false,
      mask: { closable: false },
      onOk: async () => {
        if (await save()) proceed();
      },
      onCancel: () => {
        // the draft goes: leaving must not ask again
        if (saved) setTiles(saved);
        setTimeout(proceed);
      },
    });
  // the menus, the sidebar and the tab strip leave the page too: they ask first while there are changes
  useLeaveGuard(dirty, area, askBeforeLeaving);

  const leave = () => (dirty ? askBeforeLeaving(() => navigate(HOME_PATH)) : navigate(HOME_PATH));

  const controls = (tile: DashboardTile, i: number) => {
    const own = byId.get(tile.cardId)?.content?.chart ?? 'line';
    return (
      <Space size={4} wrap>
        <Select
          size="small"
          aria-label="图表类型"
          style={{ width: 90 }}
          value={tile.chart ?? own}
          options={chartsFor(own).map((c) => ({ value: c, label: CARD_CHART_LABELS[c] }))}
          onChange={(chart) => setTiles((t) => updateTile(t, i, { chart }))}
        />
        <Radio.Group size="small" value={tile.width ?? 1} onChange={(e) => setTiles((t) => updateTile(t, i, { width: e.target.value as 1 | 2 }))}>
          <Radio.Button value={1}>半宽</Radio.Button>
          <Radio.Button value={2}>整行</Radio.Button>
        </Radio.Group>
        <Button size="small" aria-label="上移" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => setTiles((t) => moveTile(t, i, -1))} />
        <Button size="small" aria-label="下移" icon={<ArrowDownOutlined />} disabled={i === tiles.length - 1} onClick={() => setTiles((t) => moveTile(t, i, 1))} />
        <Button size="small" danger aria-label="移除" icon={<DeleteOutlined />} onClick={() => setTiles((t) => removeTile(t, i))} />
      </Space>
    );
  };

  return (
    <Row gutter={16} data-testid="dashboards" ref={area}>
      <Col xs={24} lg={7}>
        <Card size="small" title="可选卡片" extra={<Tag>{`${tiles.length}/${DASHBOARD_MAX_TILES}`}</Tag>}>
          <Input.Search allowClear placeholder="卡片名称" onSearch={setKeyword} onChange={(e) => !e.target.value && setKeyword('')} style={{ marginBottom: 8 }} />
          <List<Portrayal>
            size="small"
            loading={cards.loading}
            locale={{ emptyText: EMPTY_TEXT }}
            dataSource={shown}
            style={{ maxHeight: 'calc(100vh - 300px)', overflow: 'auto' }}
            renderItem={(c) => {
              const placed = tiles.some((t) => t.cardId === c.id);
              return (
                <List.Item
                  data-testid="available-card"
                  actions={[
                    <Button
                      key="add"
                      size="small"
                      type="link"
                      icon={<PlusOutlined />}
                      disabled={placed || full}
                      title={full ? SCHOOL_ANALYSIS_MESSAGES.dashboardTooMany : undefined}
                      onClick={() => setTiles((t) => addTile(t, c.id))}
                    >
                      {placed ? '已添加' : '添加'}
                    </Button>,
                  ]}
                >
                  <List.Item.Meta title={c.name} description={c.content ? CARD_CHART_LABELS[c.content.chart] : undefined} />
                </List.Item>
              );
            }}
          />
        </Card>
      </Col>
      <Col xs={24} lg={17}>
        <Card
          size="small"
          title="我的仪表盘"
          extra={
            <Space>
              {dirty && <Tag color="orange">有未保存的修改</Tag>}
              <Button onClick={leave}>返回首页</Button>
              <Button onClick={() => saved && setTiles(saved)} disabled={!dirty || saving}>
                撤销修改
              </Button>
              <Button type="primary" loading={saving} disabled={!dirty} onClick={() => void save()}>
                保存
              </Button>
            </Space>
          }
        >
          {tiles.length ? <DashboardTiles tiles={tiles} titles={titles} extra={controls} /> : <Empty description="从左侧添加卡片，组成首页仪表盘" />}
        </Card>
      </Col>
    </Row>
  );
}
