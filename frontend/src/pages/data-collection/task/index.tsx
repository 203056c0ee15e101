// 采集任务 (001 §4, §7): the collection tasks with their collection rate (filled / allocated). Managers add, edit,
// delete and publish unpublished tasks; 详情 shows the ring, allocations, fills and data.
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Progress, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { COLLECTION_MESSAGES, INPUT_MAX, PUBLISH_STATE_LABELS, PUBLISH_STATES, type CollectionTask, type CollectionTaskQuery, type PublishState } from '@zhengai/contracts';
import { deleteTask, listTasks, publishTask } from '../../../api/data-collection';
import { confirmDelete } from '../../../components/confirm-delete';
import { useRequest } from '../../../hooks/use-request';
import { PAGINATION_DEFAULTS } from '../../../utils/pagination';
import { formatPercent } from '../../../utils/formatters';
import { StateSelect } from '../components/state-select';
import { TaskDetailDrawer } from './task-detail';
import { TaskFormDrawer } from './task-form-drawer';
import { collectionRate } from './task-values';

const PAGE_SIZE = 10;

export default function CollectionTaskPage() {
  const { modal } = App.useApp();
  const [publishState, setPublishState] = useState<PublishState | undefined>();
  const [typed, setTyped] = useState('');
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<{ open: boolean; task: CollectionTask | null; key: number }>({ open: false, task: null, key: 0 });
  const [detailId, setDetailId] = useState<string | null>(null);
  const query: CollectionTaskQuery = { pageNum: page, pageSize: PAGE_SIZE, name: name || undefined, publishState };
  const { data, loading } = useRequest(() => listTasks(query), `${JSON.stringify(query)}:${version}`);
  const reload = () => setVersion((n) => n + 1);

  const publish = (task: CollectionTask) =>
    modal.confirm({
      title: '发布确认',
      content: `确定发布采集任务“${task.name}”吗？发布后表单版本固定，各填报人即可填报，任务不能再修改。`,
      okText: '发布',
      cancelText: '取消',
      onOk: async () => {
        try {
          await publishTask(task.id, { successMessage: COLLECTION_MESSAGES.published });
        } catch {
          return;
        }
        reload();
      },
    });

  const columns: TableColumnsType<CollectionTask> = [
    { title: '名称', dataIndex: 'name', ellipsis: true, render: (v: string) => <span data-testid="task-name">{v}</span> },
    { title: '周期', dataIndex: 'cycle', width: 80 },
    { title: '截止日期', dataIndex: 'deadline', width: 110 },
    { title: '状态', dataIndex: 'publishState', width: 90, render: (s: PublishState) => <Tag color={s === 'published' ? 'success' : 'default'}>{PUBLISH_STATE_LABELS[s]}</Tag> },
    { title: '表单数', key: 'forms', width: 80, render: (_v, t) => t.forms.length },
    {
      title: '采集率',
      key: 'rate',
      width: 200,
      render: (_v, t) => (
        <Space size={6}>
          <Progress percent={Number(collectionRate(t))} size="small" showInfo={false} style={{ width: 90, margin: 0 }} />
          <span data-testid="task-rate">
            {formatPercent(collectionRate(t))}（{t.filled}/{t.allocated}）
          </span>
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 220,
      fixed: 'right',
      render: (_v, t) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDetailId(t.id)}>
            详情
          </Button>
          {t.publishState === 'unpublished' && (
            <>
              <Button type="link" size="small" onClick={() => setEditing({ open: true, task: t, key: editing.key + 1 })}>
                编辑
              </Button>
              <Button type="link" size="small" onClick={() => publish(t)}>
                发布
              </Button>
              <Button
                type="link"
                size="small"
                danger
                onClick={() => confirmDelete(modal, { title: '删除采集任务', content: `确定删除采集任务“${t.name}”吗？`, remove: () => deleteTask(t.id, { successMessage: '删除成功' }), then: reload })}
              >
                删除
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  const search = () => {
    setName(typed.trim());
    setPage(1);
  };

  return (
    <Card
      title="采集任务"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true, task: null, key: editing.key + 1 })}>
          新增
        </Button>
      }
    >
      <Space style={{ marginBottom: 12 }} wrap>
        <StateSelect
          states={PUBLISH_STATES}
          labels={PUBLISH_STATE_LABELS}
          value={publishState}
          onChange={(v) => {
            setPublishState(v);
            setPage(1);
          }}
        />
        <Input style={{ width: 220 }} allowClear placeholder="任务名称" maxLength={INPUT_MAX.default} value={typed} onChange={(e) => setTyped(e.target.value)} onPressEnter={search} />
        <Button type="primary" onClick={search}>
          查询
        </Button>
      </Space>
      <Table<CollectionTask>
        rowKey="id"
        loading={loading}
        columns={columns}
        dataSource={data?.records ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ ...PAGINATION_DEFAULTS, current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage }}
      />
      <TaskFormDrawer key={editing.key} open={editing.open} task={editing.task} onClose={() => setEditing({ ...editing, open: false })} onSaved={reload} />
      <TaskDetailDrawer taskId={detailId} onClose={() => setDetailId(null)} onChanged={reload} />
    </Card>
  );
}
