import { Alert, Button, Drawer, Popconfirm, Radio, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { addTaskGrant, getTaskAuthority, removeTaskGrant, type TaskAuthority, type TaskGrant, type TaskGrantAccess, type TaskHolder } from '../../../../api/task-authority';
import { usePersonSearch, type Person } from '../../../../hooks/use-person-search';
import { useRequest } from '../../../../hooks/use-request';
import { EMPTY_TEXT } from '../../../../utils/constants';

const DRAWER_WIDTH = 640;

export const ACCESS_NAMES: Record<TaskGrantAccess, string> = { read: '只读', write: '可写' };

interface TaskAuthorityDrawerProps {
  open: boolean;
  taskId: string;
  taskName: string;
  onClose(): void;
  afterClose?(): void;
}

/**
 * 权限设置 (obj/authority): who holds the task by their place (owner, auditor, department head) and the people
 * granted read or write; the owner and administrators add, change and remove grants (removal asks first).
 */
export function TaskAuthorityDrawer({ open, taskId, taskName, onClose, afterClose }: TaskAuthorityDrawerProps) {
  const { data, loading, setData } = useRequest<TaskAuthority>(open ? () => getTaskAuthority(taskId) : null, taskId, { keepPrevious: false });
  const [person, setPerson] = useState<Person | null>(null);
  const [access, setAccess] = useState<TaskGrantAccess>('read');
  const [busy, setBusy] = useState(false);
  const canManage = data?.canManage ?? false;

  const { options, searching, search } = usePersonSearch(open ? `people-${taskId}` : null);

  const change = async (call: () => Promise<TaskAuthority>) => {
    setBusy(true);
    try {
      const next = await call();
      setData(() => next);
      return true;
    } catch {
      // shown by the request layer
      return false;
    } finally {
      setBusy(false);
    }
  };

  const grant = async () => {
    if (!person) return;
    if (await change(() => addTaskGrant(taskId, person.value, access, { successMessage: '授权成功' }))) setPerson(null);
  };

  const holderColumns = [
    { title: '姓名', dataIndex: 'userName', key: 'userName' },
    { title: '身份', dataIndex: 'reason', key: 'reason', render: (reason: string) => <Tag>{reason}</Tag> },
    {
      title: '权限',
      key: 'authorityType',
      render: (_: unknown, h: TaskHolder) => (h.role === 'auditor' ? '只读，可审核' : ACCESS_NAMES[h.authorityType]),
    },
  ];
  const grantColumns = [
    { title: '姓名', dataIndex: 'userName', key: 'userName' },
    { title: '账号', dataIndex: 'account', key: 'account' },
    {
      title: '权限',
      key: 'authorityType',
      render: (_: unknown, g: TaskGrant) =>
        canManage ? (
          <Select<TaskGrantAccess>
            size="small"
            aria-label={`${g.userName}的权限`}
            value={g.authorityType}
            disabled={busy}
            style={{ width: 88 }}
            options={(['read', 'write'] as const).map((a) => ({ value: a, label: ACCESS_NAMES[a] }))}
            onChange={(a) => void change(() => addTaskGrant(taskId, g.userId, a, { successMessage: '修改成功' }))}
          />
        ) : (
          ACCESS_NAMES[g.authorityType]
        ),
    },
    { title: '授权时间', dataIndex: 'createTime', key: 'createTime' },
    ...(canManage
      ? [
          {
            title: '操作',
            key: 'action',
            render: (_: unknown, g: TaskGrant) => (
              <Popconfirm
                title="移除权限"
                description={`确定移除${g.userName}对该任务的权限吗？`}
                okText="移除"
                cancelText="取消"
                onConfirm={() => change(() => removeTaskGrant(taskId, g.userId, { successMessage: '删除成功' }))}
              >
                <Button type="link" danger size="small" disabled={busy}>
                  移除
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  return (
    <Drawer open={open} title={`权限设置：${taskName}`} width={DRAWER_WIDTH} onClose={onClose} afterOpenChange={(o) => !o && afterClose?.()} destroyOnHidden>
      <Spin spinning={loading && !data}>
        <Typography.Title level={5}>任务相关人员</Typography.Title>
        <Table<TaskHolder> size="small" rowKey={(h) => `${h.role}-${h.userId}`} columns={holderColumns} dataSource={data?.holders ?? []} pagination={false} locale={{ emptyText: EMPTY_TEXT }} />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          管理员可查看和修改所有任务；只读人员可查看任务和质控点，可写人员还可填写结果、原因分析和改进措施（提交前），但不能审核。
        </Typography.Paragraph>
        <Typography.Title level={5}>授权人员</Typography.Title>
        {canManage ? (
          <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
            <Select<Person>
              aria-label="授权人员"
              labelInValue
              value={person ?? undefined}
              onChange={(value) => setPerson(value)}
              options={options}
              showSearch={{ onSearch: search, filterOption: false }}
              placeholder="输入姓名或账号查找人员"
              notFoundContent={searching ? <Spin size="small" /> : EMPTY_TEXT}
              style={{ flex: 1, minWidth: 0 }}
            />
            <Radio.Group aria-label="授权类型" value={access} onChange={(e) => setAccess(e.target.value as TaskGrantAccess)} optionType="button" buttonStyle="solid">
              <Radio.Button value="read">只读</Radio.Button>
              <Radio.Button value="write">可写</Radio.Button>
            </Radio.Group>
            <Button type="primary" disabled={!person} loading={busy} onClick={() => void grant()}>
              添加
            </Button>
          </Space.Compact>
        ) : (
          data && <Alert type="info" showIcon style={{ marginBottom: 12 }} title="只有管理员或任务负责人可以设置任务权限" />
        )}
        <Table<TaskGrant> size="small" rowKey="userId" columns={grantColumns} dataSource={data?.grants ?? []} pagination={false} locale={{ emptyText: '暂无授权人员' }} data-testid="task-grants" />
      </Spin>
    </Drawer>
  );
}
