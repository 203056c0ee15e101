// A collection task's detail (a wide drawer): the collection-rate ring and each form's state and counts, the
// allocations (分配 / 删除), the fills of the task with their states, and the data of a form across departments
// (导出, 同步到数据中心).
import { Alert, App, Button, Descriptions, Drawer, Empty, Select, Space, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { FORM_STATE_LABELS, PUBLISH_STATE_LABELS, type Allocation, type CollectionTask, type DataRow, type FillTask, type TaskForm } from '@zhengai/contracts';
import { deleteAllocation, exportData, fillTasksOfTask, formVersion, listAllocations, queryData, syncData, taskDetail } from '../../../api/data-collection';
import { confirmDelete } from '../../../components/confirm-delete';
import { ProgressRing } from '../../../components/progress-ring';
import { useRequest } from '../../../hooks/use-request';
import { saveBlob } from '../../../utils/download';
import { PAGINATION_DEFAULTS } from '../../../utils/pagination';
import { FillDrawer, FillStateTag } from '../components/fill-drawer';
import { cellText } from '../components/fill-values';
import { AllocateModal } from './allocate-modal';
import { collectionRate } from './task-values';

const FORM_STATE_COLORS: Record<TaskForm['formState'], string> = { unpublished: 'default', published: 'processing', unaudited: 'warning', audited: 'success' };

function FormsOverview({ task }: { task: CollectionTask }) {
  const columns: TableColumnsType<TaskForm> = [
    { title: '表单', dataIndex: 'formName' },
    { title: '版本', dataIndex: 'version', width: 70, render: (v: number | null) => (v ? `V${v}` : '-') },
    { title: '状态', dataIndex: 'formState', width: 90, render: (s: TaskForm['formState']) => <Tag color={FORM_STATE_COLORS[s]}>{FORM_STATE_LABELS[s]}</Tag> },
    { title: '分配', dataIndex: 'allocated', width: 70 },
    { title: '已提交', dataIndex: 'filled', width: 80 },
    { title: '已审核', dataIndex: 'audited', width: 80 },
  ];
  return (
    <Space align="start" size={24} style={{ width: '100%' }}>
      <div data-testid="task-ring">
        <ProgressRing value={collectionRate(task)} label="采集率" />
      </div>
      <div style={{ flex: 1, minWidth: 360 }}>
        <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered style={{ marginBottom: 12 }}>
          <Descriptions.Item label="周期">{task.cycle}</Descriptions.Item>
          <Descriptions.Item label="截止日期">{task.deadline}</Descriptions.Item>
          <Descriptions.Item label="状态">{PUBLISH_STATE_LABELS[task.publishState]}</Descriptions.Item>
          <Descriptions.Item label="已提交/分配">
            {task.filled}/{task.allocated}
          </Descriptions.Item>
          {task.description && (
            <Descriptions.Item label="描述" span={2}>
              {task.description}
            </Descriptions.Item>
          )}
        </Descriptions>
        <Table<TaskForm> rowKey="formId" size="small" pagination={false} columns={columns} dataSource={task.forms} />
      </div>
    </Space>
  );
}

function Allocations({ task, version, onChanged }: { task: CollectionTask; version: number; onChanged: () => void }) {
  const { modal } = App.useApp();
  const [allocating, setAllocating] = useState(false);
  const { data, loading } = useRequest(() => listAllocations(task.id), `${task.id}:${version}`);
  const columns: TableColumnsType<Allocation> = [
    { title: '表单', dataIndex: 'formName' },
    { title: '填报部门/人', key: 'to', render: (_v, a) => a.departmentName ?? a.userName ?? '-' },
    { title: '审核人', dataIndex: 'auditorName', width: 100 },
    { title: '填报状态', dataIndex: 'fillState', width: 90, render: (s: Allocation['fillState']) => (s ? <FillStateTag state={s} /> : '-') },
    { title: '行数', dataIndex: 'rowCount', width: 70 },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_v, a) => (
        <Button
          type="link"
          size="small"
          danger
          onClick={() => confirmDelete(modal, { title: '删除分配', content: `确定删除“${a.departmentName ?? a.userName ?? ''}”的分配吗？`, remove: () => deleteAllocation(a.id, { successMessage: '删除成功' }), then: onChanged })}
        >
          删除
        </Button>
      ),
    },
  ];
  return (
    <>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setAllocating(true)}>
        分配
      </Button>
      <Table<Allocation> rowKey="id" size="small" loading={loading} pagination={false} columns={columns} dataSource={data ?? []} />
      <AllocateModal task={task} open={allocating} onClose={() => setAllocating(false)} onSaved={onChanged} />
    </>
  );
}

function Fills({ task, version, onChanged }: { task: CollectionTask; version: number; onChanged: () => void }) {
  const [opened, setOpened] = useState<string | null>(null);
  const { data, loading } = useRequest(() => fillTasksOfTask(task.id), `${task.id}:${version}`);
  const columns: TableColumnsType<FillTask> = [
    { title: '表单', dataIndex: 'formName' },
    { title: '填报部门/人', key: 'to', render: (_v, f) => f.departmentName ?? f.userName ?? '-' },
    { title: '审核人', dataIndex: 'auditorName', width: 100 },
    { title: '状态', dataIndex: 'state', width: 90, render: (s: FillTask['state']) => <FillStateTag state={s} /> },
    { title: '行数', dataIndex: 'rowCount', width: 70 },
    { title: '提交时间', dataIndex: 'commitTime', width: 160, render: (v: string | null) => v ?? '-' },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_v, f) => (
        <Button type="link" size="small" onClick={() => setOpened(f.id)}>
          查看
        </Button>
      ),
    },
  ];
  return (
    <>
      <Table<FillTask> rowKey="id" size="small" loading={loading} pagination={false} columns={columns} dataSource={data ?? []} />
      <FillDrawer fillTaskId={opened} mode="audit" onClose={() => setOpened(null)} onChanged={onChanged} />
    </>
  );
}

function FormData({ task }: { task: CollectionTask }) {
  const { message } = App.useApp();
  const published = task.forms.filter((f) => f.version !== null);
  const [formId, setFormId] = useState<string | undefined>(published[0]?.formId);
  const [page, setPage] = useState(1);
  const [syncing, setSyncing] = useState(false);
  const chosen = published.find((f) => f.formId === formId);
  const { data: version } = useRequest(chosen ? () => formVersion(chosen.formId, chosen.version!) : null, `${chosen?.formId}:${chosen?.version}`);
  const { data, loading } = useRequest(chosen ? () => queryData({ taskId: task.id, formId: chosen.formId, pageNum: page, pageSize: 10 }) : null, `${task.id}:${formId}:${page}`);
  if (published.length === 0) return <Empty description="任务发布后可查看数据" />;

  const columns: TableColumnsType<DataRow> = [
    { title: '填报部门', dataIndex: 'departmentName', width: 140, fixed: 'left', render: (v: string | null) => v ?? '-' },
    { title: '序号', dataIndex: 'rowNo', width: 60 },
  ];
  if (version?.formType === 'fixed') columns.push({ title: '项目', dataIndex: 'label', width: 140 });
  for (const f of version?.fields ?? []) columns.push({ title: f.label, key: f.key, width: f.width ?? 160, render: (_v, r) => cellText(r.values[f.key]) });

  const sync = async () => {
    if (!chosen) return;
    setSyncing(true);
    try {
      const result = await syncData(chosen.formId);
      message.success(`已同步到数据中心：${result.table}，共${result.rows}行`);
    } catch {
      // shown by the request layer
    } finally {
      setSyncing(false);
    }
  };

  const exportRows = async () => {
    if (!chosen) return;
    try {
      const file = await exportData({ taskId: task.id, formId: chosen.formId });
      saveBlob(file.blob, file.fileName ?? `${task.name}-${chosen.formName}.xlsx`);
    } catch {
      // shown by the request layer
    }
  };

  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          style={{ width: 240 }}
          value={formId}
          options={published.map((f) => ({ value: f.formId, label: f.formName }))}
          onChange={(v) => {
            setFormId(v);
            setPage(1);
          }}
        />
        <Button onClick={() => void exportRows()}>导出</Button>
        <Button type="primary" loading={syncing} onClick={() => void sync()}>
          同步到数据中心
        </Button>
      </Space>
      <Table<DataRow>
        rowKey="id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={data?.records ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ ...PAGINATION_DEFAULTS, current: page, pageSize: 10, total: data?.total ?? 0, onChange: setPage }}
      />
    </>
  );
}

export function TaskDetailDrawer({ taskId, onClose, onChanged }: { taskId: string | null; onClose: () => void; onChanged: () => void }) {
  const [version, setVersion] = useState(0);
  const [tab, setTab] = useState('overview');
  // a reload after a change keeps the shown task (and its tab); another task starts afresh
  const { data, loading } = useRequest(taskId ? () => taskDetail(taskId) : null, `${taskId}:${version}`);
  const task = data && data.id === taskId ? data : null;
  const changed = () => {
    setVersion((n) => n + 1);
    onChanged();
  };
  return (
    <Drawer
      title={task?.name ?? '采集任务'}
      open={taskId !== null}
      onClose={() => {
        setTab('overview');
        onClose();
      }} size="75%" destroyOnHidden loading={loading && !task}>
      {task && (
        <>
          {task.publishState === 'unpublished' && <Alert type="info" showIcon style={{ marginBottom: 12 }} message="任务尚未发布：分配完成后请发布，发布后各填报人即可填报。" />}
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              { key: 'overview', label: '概况', children: <FormsOverview task={task} /> },
              { key: 'allocations', label: '分配', children: <Allocations task={task} version={version} onChanged={changed} /> },
              { key: 'fills', label: '填报', children: <Fills task={task} version={version} onChanged={changed} /> },
              { key: 'data', label: '数据', children: <FormData task={task} /> },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
