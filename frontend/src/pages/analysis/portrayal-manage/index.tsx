// 画像管理 (PortrayalManage, administrators; 000 §3 and §6): portrait cards (paged, filtered by name and level), menus
// (a tree holding cards) and screens (holding cards); add and edit in the form drawer, delete after confirmation.
import { PlusOutlined } from '@ant-design/icons';
import { PAGINATION_DEFAULTS } from '../../../utils/pagination';
import {
  CARD_CHART_LABELS,
  CARD_SOURCE_LABELS,
  PORTRAYAL_LEVELS,
  PORTRAYAL_LEVEL_LABELS,
  type Portrayal,
  type PortrayalKind,
} from '@zhengai/contracts';
import { App, Button, Card, Input, Select, Space, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { deletePortrayal, portrayalCards, portrayalMenus, portrayalScreens, schoolOptions } from '../../../api/school-analysis';
import { getRoles } from '../../../api/user';
import { confirmDelete } from '../../../components/confirm-delete';
import layout from '../../../components/page-layout.module.css';
import { useRequest } from '../../../hooks/use-request';
import { EMPTY_TEXT } from '../../../utils/constants';
import { PortrayalDrawer } from './portrayal-drawer';

type Level = (typeof PORTRAYAL_LEVELS)[number];
const PAGE_SIZE = 10;

export default function PortrayalManagePage() {
  const { modal, message } = App.useApp();
  const [tab, setTab] = useState<PortrayalKind>('card');
  const [filter, setFilter] = useState<{ name?: string; level?: Level }>({});
  const [page, setPage] = useState(1);
  const cards = useRequest(() => portrayalCards({ ...filter, pageNum: page, pageSize: PAGE_SIZE }), `cards:${JSON.stringify(filter)}:${page}`);
  // every card, for the menus' and screens' card pickers
  const allCards = useRequest(() => portrayalCards({ pageNum: 1, pageSize: 1000 }), 'all-cards');
  const menus = useRequest(() => portrayalMenus(), 'menus');
  const screens = useRequest(() => portrayalScreens(), 'screens');
  const roles = useRequest(() => getRoles(), 'roles');
  const options = useRequest(() => schoolOptions(), 'school-options');
  const [editing, setEditing] = useState<{ kind: PortrayalKind; record: Portrayal | null } | null>(null);
  const [previewKey, setPreviewKey] = useState(0);

  const reloadAll = () => {
    void cards.reload();
    void allCards.reload();
    void menus.reload();
    void screens.reload();
  };

  const remove = (p: Portrayal) =>
    confirmDelete(modal, {
      title: '删除画像',
      content: `确定删除“${p.name}”吗？`,
      remove: () => deletePortrayal(p.id),
      then: () => {
        message.success('删除成功');
        reloadAll();
      },
    });

  const actions = (kind: PortrayalKind): ColumnsType<Portrayal>[number] => ({
    title: '操作',
    key: 'actions',
    width: 140,
    render: (_: unknown, p: Portrayal) =>
      p.kind === kind ? (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setEditing({ kind, record: p })}>
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={() => remove(p)}>
            删除
          </Button>
        </Space>
      ) : null,
  });
  const roleNames = (ids: string[]) => {
    const byId = new Map((roles.data?.records ?? []).map((r) => [r.roleId, r.roleName]));
    return ids.map((id) => <Tag key={id}>{byId.get(id) ?? id}</Tag>);
  };
  const common: ColumnsType<Portrayal> = [
    { title: '名称', dataIndex: 'name', render: (name: string, p) => (p.kind === 'card' && p.parentId ? p.nametwo || name : name) },
    { title: '权限标识', dataIndex: 'cm', width: 160 },
    { title: '层级', dataIndex: 'level', width: 100, render: (v: Level) => PORTRAYAL_LEVEL_LABELS[v] },
  ];
  const cardColumns: ColumnsType<Portrayal> = [
    ...common,
    { title: '图表', key: 'chart', width: 90, render: (_, p) => (p.content ? CARD_CHART_LABELS[p.content.chart] : '') },
    { title: '数据来源', key: 'source', render: (_, p) => (p.content ? CARD_SOURCE_LABELS[p.content.source] : '') },
    { title: '可查看的角色', key: 'roles', render: (_, p) => roleNames(p.roleIds) },
    actions('card'),
  ];
  const holderColumns = (kind: 'menu' | 'screen'): ColumnsType<Portrayal> => [
    ...common,
    {
      title: '卡片',
      key: 'cards',
      render: (_, p) => (
        <Space size={[0, 4]} wrap>
          {(fullRecord(kind, p.id)?.children ?? [])
            .filter((c) => c.kind === 'card')
            .map((c) => (
              <Tag key={c.id}>{c.nametwo || c.name}</Tag>
            ))}
        </Space>
      ),
    },
    { title: '可查看的角色', key: 'roles', render: (_, p) => roleNames(p.roleIds) },
    actions(kind),
  ];
  const addButton = (kind: PortrayalKind, text: string) => (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ kind, record: null })}>
      {text}
    </Button>
  );

  const cardTab = (
    <>
      <div className={layout.bar}>
        <Space wrap>
          <Input.Search
            aria-label="卡片名称"
            placeholder="卡片名称"
            allowClear
            style={{ width: 220 }}
            onSearch={(name) => {
              setFilter((f) => ({ ...f, name: name.trim() || undefined }));
              setPage(1);
            }}
          />
          <Select
            aria-label="层级"
            placeholder="全部层级"
            allowClear
            style={{ width: 140 }}
            value={filter.level}
            options={PORTRAYAL_LEVELS.map((l) => ({ value: l, label: PORTRAYAL_LEVEL_LABELS[l] }))}
            onChange={(level?: Level) => {
              setFilter((f) => ({ ...f, level }));
              setPage(1);
            }}
          />
        </Space>
        {addButton('card', '新增卡片')}
      </div>
      <Table<Portrayal>
        rowKey="id"
        // a card's children are never rows here
        expandable={{ childrenColumnName: 'noRows' }}
        data-testid="portrayal-card-table"
        columns={cardColumns}
        dataSource={cards.data?.records ?? []}
        loading={cards.loading}
        locale={{ emptyText: EMPTY_TEXT }}
        pagination={{ ...PAGINATION_DEFAULTS, current: page, pageSize: PAGE_SIZE, total: cards.data?.total ?? 0, onChange: setPage }}
      />
    </>
  );
  // a menu's children hold sub-menus and its cards; only menus open as tree rows here
  const menuRows = (items: Portrayal[]): Portrayal[] =>
    items.map((m) => {
      const children = menuRows(m.children.filter((c) => c.kind === 'menu'));
      return { ...m, children: children.length ? children : (undefined as unknown as Portrayal[]) };
    });
  const holderTab = (kind: 'menu' | 'screen') => {
    const state = kind === 'menu' ? menus : screens;
    const rows = kind === 'menu' ? menuRows(state.data ?? []) : (state.data ?? []).map((s) => ({ ...s, children: undefined as unknown as Portrayal[] }));
    return (
      <>
        <div className={layout.bar}>
          <span />
          {addButton(kind, kind === 'menu' ? '新增菜单' : '新增大屏')}
        </div>
        <Table<Portrayal>
          rowKey="id"
          data-testid={`portrayal-${kind}-table`}
          columns={holderColumns(kind)}
          dataSource={rows}
          loading={state.loading}
          locale={{ emptyText: EMPTY_TEXT }}
          pagination={false}
          expandable={kind === 'menu' ? { defaultExpandAllRows: true } : undefined}
        />
      </>
    );
  };
  // the drawer edits the full record (with its cards), which the tree rows above no longer carry
  const fullRecord = (kind: PortrayalKind, id: string): Portrayal | null => {
    const find = (items: Portrayal[]): Portrayal | null => {
      for (const p of items) {
        if (p.id === id) return p;
        const inner = find(p.children);
        if (inner) return inner;
      }
      return null;
    };
    return find(kind === 'menu' ? (menus.data ?? []) : kind === 'screen' ? (screens.data ?? []) : (cards.data?.records ?? []));
  };

  return (
    <Card title="画像管理" data-testid="portrayal-manage">
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as PortrayalKind)}
        items={[
          { key: 'card', label: '画像卡片', children: cardTab },
          { key: 'menu', label: '画像菜单', children: holderTab('menu') },
          { key: 'screen', label: '画像大屏', children: holderTab('screen') },
        ]}
      />
      {editing && (
        <PortrayalDrawer
          key={`${editing.kind}:${editing.record?.id ?? 'new'}`}
          kind={editing.kind}
          record={editing.record ? (fullRecord(editing.kind, editing.record.id) ?? editing.record) : null}
          roles={roles.data?.records ?? []}
          cards={allCards.data?.records ?? []}
          menus={menus.data ?? []}
          options={options.data}
          previewKey={previewKey}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            reloadAll();
            // a card stays open with its preview; a menu or screen is done
            if (editing.kind === 'card') {
              setEditing({ kind: 'card', record: saved });
              setPreviewKey((k) => k + 1);
            } else setEditing(null);
          }}
        />
      )}
    </Card>
  );
}
