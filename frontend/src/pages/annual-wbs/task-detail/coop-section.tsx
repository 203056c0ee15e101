import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Modal, Select, Space, Spin, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { addTaskCoop, deleteTaskCoop, getTaskCoops, updateTaskCoop, type TargetTaskDetail, type TaskCoop } from '../../../api/task-situation';
import type { DepartmentNode } from '../../../api/types';
import { getDepartmentTree } from '../../../api/user';
import { usePersonSearch, type Person } from '../../../hooks/use-person-search';
import { useRequest } from '../../../hooks/use-request';
import { useSingleFlight } from '../../../hooks/use-single-flight';
import { EMPTY_TEXT, MODAL_WIDTH } from '../../../utils/constants';
import { coopDepartmentOptions, coopOwnerText, formatTime } from './task-detail-values';
import { empty } from './task-sections';
import styles from './task-detail.module.css';

/** Every department, depth first in display order. */
function departmentList(tree: DepartmentNode[]): { value: string; label: string }[] {
  return tree.flatMap((node) => [{ value: node.departmentId, label: node.departmentName }, ...departmentList(node.childrens ?? [])]);
}

/** What the dialog is for: a new cooperating department, or another owner of one. */
type CoopDialog = { kind: 'add' } | { kind: 'change'; coop: TaskCoop } | null;

/**
 * 协作部门: the cooperating departments of the task and their cooperation owners (who then find the task under 我的协作).
 * The server says in `canManage` who may write them (the publisher, an administrator, the head of the charge
 * department): only they see 添加协作部门, 更换负责人 and 移除 (after a confirmation naming the department).
 */
export function CoopSection({ task, onChanged }: { task: TargetTaskDetail; onChanged(): Promise<unknown> }) {
  const { modal } = App.useApp();
  const [dialog, setDialog] = useState<CoopDialog>(null);
  const coops = useRequest(() => getTaskCoops(task.id), `coops-${task.id}`);
  const canManage = coops.data?.canManage ?? false;
  const rows = coops.data?.coops ?? [];

  const changed = async () => {
    await coops.reload();
    await onChanged();
  };

  const confirmRemove = (coop: TaskCoop) => {
    const name = coop.departmentName ?? coop.departmentId;
    modal.confirm({
      title: '移除协作部门',
      content: `确定移除协作部门“${name}”吗？`,
      okText: '移除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          await deleteTaskCoop(task.id, coop.departmentId, { successMessage: '移除成功' });
        } catch {
          // shown by the request layer
        }
        await changed();
      },
    });
  };

  const columns: TableColumnsType<TaskCoop> = [
    { title: '协作部门', dataIndex: 'departmentName', ellipsis: true, render: (v: string | null, c) => v ?? c.departmentId },
    {
      title: '协作负责人',
      dataIndex: 'ownerName',
      width: 160,
      render: (_v, c) => (c.ownerName ? c.ownerName : <Typography.Text type="secondary">{coopOwnerText(c.ownerName)}</Typography.Text>),
    },
    { title: '添加时间', dataIndex: 'createTime', width: 180, render: (v: string) => formatTime(v) },
    ...(canManage
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 170,
            render: (_v: unknown, c: TaskCoop) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setDialog({ kind: 'change', coop: c })}>
                  更换负责人
                </Button>
                <Button type="link" size="small" danger onClick={() => confirmRemove(c)}>
                  移除
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      {canManage && (
        <div className={styles.sectionBar}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })}>
            添加协作部门
          </Button>
        </div>
      )}
      <Table<TaskCoop>
        aria-label="协作部门"
        rowKey="departmentId"
        size="small"
        loading={coops.loading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: empty('暂无协作部门') }}
      />
      {dialog && <CoopModal task={task} dialog={dialog} taken={rows.map((c) => c.departmentId)} onSaved={changed} onClose={() => setDialog(null)} />}
    </>
  );
}

interface CoopValues {
  departmentId?: string;
  ownerId?: string;
}

/** 添加协作部门 (a department that is not the charge department nor cooperating yet, and its owner) or 更换负责人. */
function CoopModal({ task, dialog, taken, onSaved, onClose }: { task: TargetTaskDetail; dialog: NonNullable<CoopDialog>; taken: string[]; onSaved(): Promise<unknown>; onClose(): void }) {
  const [form] = Form.useForm<CoopValues>();
  const [saving, setSaving] = useState(false);
  const once = useSingleFlight();
  const adding = dialog.kind === 'add';
  const current = dialog.kind === 'change' ? dialog.coop : null;
  const people = usePersonSearch(`coop-owner-${task.id}-${current?.departmentId ?? 'new'}`);
  const departments = useRequest(adding ? () => getDepartmentTree().then(departmentList) : null, 'coop-departments');
  const offered = coopDepartmentOptions(departments.data ?? [], task.chargeDepartId, taken);
  const known: Person | null = current?.ownerId ? { value: current.ownerId, label: current.ownerName ?? current.ownerId } : null;
  const owners = known && !people.options.some((o) => o.value === known.value) ? [known, ...people.options] : people.options;

  const save = async () => {
    let values: CoopValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      if (current) await updateTaskCoop(task.id, current.departmentId, values.ownerId ?? '', { successMessage: '更换成功' });
      else await addTaskCoop(task.id, values.departmentId ?? '', values.ownerId ?? '', { successMessage: '添加成功' });
    } catch {
      // the refusal is shown by the request layer; the dialog stays open
      setSaving(false);
      return;
    }
    setSaving(false);
    onClose();
    await onSaved();
  };

  return (
    <Modal
      open
      title={adding ? '添加协作部门' : '更换协作负责人'}
      width={MODAL_WIDTH}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ loading: saving }}
      onOk={() => once(save)}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Typography.Paragraph type="secondary">任务：{task.rwmc}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ ownerId: current?.ownerId ?? undefined }}>
        {adding ? (
          <Form.Item name="departmentId" label="协作部门" rules={[{ required: true, message: '请选择协作部门' }]}>
            <Select
              aria-label="协作部门"
              options={offered}
              loading={departments.loading}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="选择部门（责任部门和已协作的部门除外）"
              notFoundContent={departments.loading ? <Spin size="small" /> : EMPTY_TEXT}
            />
          </Form.Item>
        ) : (
          <Form.Item label="协作部门">{current?.departmentName ?? current?.departmentId}</Form.Item>
        )}
        <Form.Item name="ownerId" label="协作负责人" rules={[{ required: true, message: '请选择协作负责人' }]}>
          <Select
            aria-label="协作负责人"
            options={owners}
            showSearch={{ filterOption: false, onSearch: people.search }}
            placeholder="输入姓名或账号查找人员"
            notFoundContent={people.searching ? <Spin size="small" /> : EMPTY_TEXT}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
