import { ArrowLeftOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Select, Space, Tabs, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { copyTarget, deleteTarget, getLibraryCreateRights, purgeTarget, recoverTarget, syncQuality, type CardMode, type TargetLibrary } from '../../../../api/standard';
import { useRequest } from '../../../../hooks/use-request';
import { UNKNOWN } from '../../../../utils/formatters';
import { useJobRunner, useLibrary, useLookups, useTargetList, type Lookups } from '../hooks';
import { MODE_TABS, TARGET_LEVEL_OPTIONS, cardActions, targetLevelName, type CardAction } from '../library-values';
import { CopyModal } from './copy-modal';
import { JobProgress } from './job-progress';
import { LibraryFormDrawer } from './library-form-drawer';
import styles from '../standard.module.css';
import listStyles from '../../improvement/improvement.module.css';
import { CardFact } from '../../../../components/card-fact';
import { CardList } from '../../../../components/card-list';
import layout from '../../../../components/page-layout.module.css';
import { NameSearch } from '../../../../components/name-search';

/** Cards a page (spec 000 §9: the default page size). */
export const CARDS_PER_PAGE = 10;

export interface CardQuery {
  mode: CardMode;
  /** child mode: whose children */
  parentId: string | null;
  level: string | null;
  cycle: string | null;
  name: string | null;
  page: number;
}

/** The 目标标准 menu: granted to read only, its pages create nothing. */

const ACTION_TEXT: Record<CardAction, string> = {
  open: '进入',
  children: '子库',
  copy: '复制',
  edit: '编辑',
  delete: '删除',
  sync: '同步',
  inherit: '继承',
  recover: '恢复',
  purge: '彻底删除',
};

function LibraryCard({ library, mode, creates, onAction }: { library: TargetLibrary; mode: CardMode; creates: boolean; onAction(action: CardAction): void }) {
  const actions = cardActions(library, mode, creates);
  const opens = actions.includes('open');
  return (
    <Card
      size="small"
      className={styles.libraryCard}
      data-testid="library-card"
      aria-label={library.name}
      title={
        opens ? (
          <span className={styles.cardTitle} title={library.name} onClick={() => onAction('open')}>
            {library.name}
          </span>
        ) : (
          <span title={library.name}>{library.name}</span>
        )
      }
      extra={
        <Space size={4}>
          {library.parentId && <Tag color="purple">子库</Tag>}
          {library.child && <Tag color="blue">父库</Tag>}
          <Tag>{targetLevelName(library.targetLevelId)}</Tag>
        </Space>
      }
      actions={actions.map((action) => (
        <Button key={action} type="link" size="small" danger={action === 'delete' || action === 'purge'} onClick={() => onAction(action)}>
          {ACTION_TEXT[action]}
        </Button>
      ))}
    >
      <div className={styles.cardFacts}>
        <CardFact label="层面" value={targetLevelName(library.targetLevelId)} />
        <CardFact label="周期" value={library.cycleValue || UNKNOWN} />
        <CardFact label="维度" value={library.dimensionName || '—'} />
        <CardFact label="创建人" value={library.creatorName || UNKNOWN} />
        <CardFact label="创建时间" value={library.createdTime || UNKNOWN} />
        {mode === 'child' || library.parentId ? (
          <CardFact label="父库" value={library.parentName || '—'} />
        ) : (
          <CardFact label="指标层级" value={`${library.treeLevel}级`} />
        )}
      </div>
      <div className={styles.cardCounts}>
        <div>
          <span className={styles.cardLabel}>质控点 </span>
          <span className={styles.count}>{library.pointCount ?? 0}</span>
        </div>
        <div>
          <span className={styles.cardLabel}>子库 </span>
          <span className={styles.count}>{library.childCount ?? 0}</span>
        </div>
      </div>
    </Card>
  );
}

/** The title of child mode: back to the list, the parent's name. */
function ChildHeader({ parentId, onBack }: { parentId: string; onBack(): void }) {
  const { library } = useLibrary(parentId);
  return (
    <div className={styles.childHeader}>
      <Tooltip title="返回">
        <Button type="text" icon={<ArrowLeftOutlined />} aria-label="返回" onClick={onBack} />
      </Tooltip>
      <span>子库：{library?.name ?? ''}</span>
    </div>
  );
}

interface Opened<T> {
  key: number;
  open: boolean;
  value: T;
}

interface LibraryCardsProps {
  title: string;
  /** a centre's 目标标准: only its level's libraries (null: every level, with the 层面 filter) */
  level: string | null;
  query: CardQuery;
  /** Applies a change to the query as it is in the address now (not as this render saw it). */
  onQuery(patch: Partial<CardQuery>, push?: boolean): void;
  onOpen(libraryId: string): void;
}

/** 目标标准 as cards in the modes 目标标准, 父库, 子库 and 回收站, with their actions (001 §2). */
export function LibraryCards({ title, level, query, onQuery, onOpen }: LibraryCardsProps) {
  const { modal } = App.useApp();
  const lookups: Lookups = useLookups();
  const list = useTargetList({
    mode: query.mode,
    parentId: query.mode === 'child' ? query.parentId : null,
    targetLevelId: level ?? query.level,
    cycleValue: query.cycle,
    name: query.name,
    pageNum: query.page,
    pageSize: CARDS_PER_PAGE,
  });
  const runner = useJobRunner();
  // 新增目标标准 and 复制 make libraries: the server says who may (target/rights, the rule target/add checks)
  const creates = useRequest(() => getLibraryCreateRights(), 'library-create-rights').data?.createsLibraries ?? false;
  const [drawer, setDrawer] = useState<Opened<TargetLibrary | null> | null>(null);
  const [copying, setCopying] = useState<TargetLibrary | null>(null);
  const records = list.page?.records ?? [];

  const change = (patch: Partial<CardQuery>, push = false) => onQuery({ page: 1, ...patch }, push);
  const openDrawer = (library: TargetLibrary | null) => setDrawer((current) => ({ key: (current?.key ?? 0) + 1, open: true, value: library }));

  const act = (library: TargetLibrary, action: CardAction) => {
    switch (action) {
      case 'open':
        onOpen(library.id);
        return;
      case 'children':
        change({ mode: 'child', parentId: library.id, level: null, cycle: null, name: null }, true);
        return;
      case 'copy':
        setCopying(library);
        return;
      case 'edit':
        openDrawer(library);
        return;
      case 'delete':
        modal.confirm({
          title: '删除目标标准',
          content: `确定删除“${library.name}”吗？删除后可在回收站中恢复。`,
          okText: '删除',
          okButtonProps: { danger: true },
          cancelText: '取消',
          onOk: async () => {
            try {
              await deleteTarget(library.id, { successMessage: '删除成功' });
            } catch {
              return;
            }
            list.reload();
          },
        });
        return;
      case 'sync':
        modal.confirm({
          title: '同步子库',
          content: `确定将“${library.name}”的指标和质控点同步到它的${library.childCount || ''}个子库吗？`,
          okText: '同步',
          cancelText: '取消',
          onOk: () => void runner.run('同步', () => syncQuality({ parentId: library.id }), () => list.reload()),
        });
        return;
      case 'inherit':
        modal.confirm({
          title: '继承父库',
          content: `确定从父库“${library.parentName ?? ''}”继承指标和质控点到“${library.name}”吗？`,
          okText: '继承',
          cancelText: '取消',
          onOk: () => void runner.run('继承', () => syncQuality({ parentId: library.parentId as string, childId: library.id }), () => list.reload()),
        });
        return;
      case 'recover':
        void recoverTarget(library.id, { successMessage: '恢复成功' }).then(list.reload, () => undefined);
        return;
      case 'purge':
        modal.confirm({
          title: '彻底删除',
          content: `确定彻底删除“${library.name}”吗？它的指标和质控点将一并删除，且不可恢复。`,
          okText: '彻底删除',
          okButtonProps: { danger: true },
          cancelText: '取消',
          onOk: async () => {
            try {
              await purgeTarget(library.id, { successMessage: '彻底删除成功' });
            } catch {
              return;
            }
            list.reload();
          },
        });
    }
  };

  const filters = query.mode !== 'recycle' && (
    <Space wrap size={12}>
      {!level && (
        <Select
          aria-label="层面"
          allowClear
          placeholder="全部层面"
          className={listStyles.filterSelect}
          value={query.level || undefined}
          options={TARGET_LEVEL_OPTIONS}
          onChange={(next?: string) => change({ level: next ?? null })}
        />
      )}
      <Select
        aria-label="周期"
        allowClear
        placeholder="全部周期"
        className={listStyles.filterSelect}
        value={query.cycle || undefined}
        options={lookups.cycles.map((c) => ({ value: c.cycleNumber, label: c.cycleNumber }))}
        onChange={(cycle?: string) => change({ cycle: cycle ?? null })}
      />
      {/* a new mode or parent starts with an empty box */}
      <NameSearch key={`${query.mode}-${query.parentId ?? ''}`} value={query.name} placeholder="目标标准名称" className={listStyles.filterInput} onSearch={(name) => change({ name })} />
    </Space>
  );

  return (
    <Card
      title={title}
      className={layout.wrapHead}
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={list.reload}>
            刷新
          </Button>
          {query.mode === 'normal' && creates && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openDrawer(null)}>
              新增目标标准
            </Button>
          )}
        </Space>
      }
    >
      {query.mode === 'child' && query.parentId ? (
        <ChildHeader parentId={query.parentId} onBack={() => onQuery({ mode: 'normal', parentId: null, level: null, cycle: null, name: null, page: 1 }, true)} />
      ) : (
        <Tabs
          activeKey={query.mode}
          items={MODE_TABS.map((t) => ({ key: t.key, label: t.label }))}
          onChange={(mode) => {
            change({ mode: mode as CardMode, parentId: null, level: null, cycle: null, name: null }, true);
          }}
        />
      )}
      <div className={layout.bar}>{filters}</div>
      <CardList
        loading={list.loading}
        loaded={list.page !== null}
        records={records}
        total={list.page?.total ?? 0}
        current={query.page}
        pageSize={CARDS_PER_PAGE}
        onPage={(page) => onQuery({ page })}
        renderCard={(library) => <LibraryCard key={library.id} library={library} mode={query.mode} creates={creates} onAction={(action) => act(library, action)} />}
      />
      {drawer && (
        <LibraryFormDrawer
          key={drawer.key}
          open={drawer.open}
          library={drawer.value}
          lookups={lookups}
          level={level}
          onClose={() => setDrawer((current) => current && { ...current, open: false })}
          afterClose={() => setDrawer((current) => (current && !current.open ? null : current))}
          onSaved={() => {
            setDrawer((current) => current && { ...current, open: false });
            list.reload();
          }}
        />
      )}
      {copying && (
        <CopyModal
          source={copying}
          cycles={lookups.cycles}
          onCancel={() => setCopying(null)}
          onCopy={async (values) => {
            const started = await runner.run('复制', () => copyTarget({ id: copying.id, ...values }), () => list.reload());
            if (started) setCopying(null);
            return started;
          }}
        />
      )}
      <JobProgress runner={runner} onOpen={onOpen} />
    </Card>
  );
}
