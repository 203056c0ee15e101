import { App, Button, Modal, Popconfirm, Radio, Select, Spin, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { addGrant, deleteGrant, getGrants, updateGrant, type Access, type Grant, type SubjectType } from '../../../../api/standard';
import type { Role } from '../../../../api/types';
import { getRoles } from '../../../../api/user';
import { useRequest } from '../../../../hooks/use-request';
import { EMPTY_TEXT } from '../../../../utils/constants';
import { useUserSearch } from '../../../data-manage/department/hooks';
import styles from '../standard.module.css';

const SUBJECT_NAMES: Record<SubjectType, string> = { role: '角色组', user: '用户' };
const ACCESS_OPTIONS: { value: Access; label: string }[] = [
  { value: 'write', label: '编辑' },
  { value: 'read', label: '查看' },
];

const NO_ROLES: Role[] = [];
const NO_GRANTS: Grant[] = [];

function useRoles(): Role[] {
  return useRequest(() => getRoles({ silent: true }), 'roles').data?.records ?? NO_ROLES;
}

/** 权限: who may edit or read the library, by role group or person, with add, change and remove. */
export function GrantModal({ libraryId, libraryName, onClose }: { libraryId: string; libraryName: string; onClose(): void }) {
  const { message } = App.useApp();
  const [subjectType, setSubjectType] = useState<SubjectType>('role');
  const [subjectId, setSubjectId] = useState<string | null>(null);
  const [access, setAccess] = useState<Access>('read');
  const [adding, setAdding] = useState(false);
  const roles = useRoles();
  const people = useUserSearch();

  const request = useRequest(() => getGrants(libraryId), libraryId);
  const grants = request.data ?? (request.failed ? NO_GRANTS : null);
  // the list again, without holding up the answer of the write
  const reload = () => void request.reload();

  const add = async () => {
    if (!subjectId) {
      message.warning(subjectType === 'role' ? '请选择角色组' : '请选择用户');
      return;
    }
    setAdding(true);
    try {
      await addGrant({ libraryId, subjectType, subjectId, authorityType: access }, { successMessage: '添加成功' });
      setSubjectId(null);
      reload();
    } catch {
      // shown by the request layer
    } finally {
      setAdding(false);
    }
  };

  const columns: TableColumnsType<Grant> = [
    { title: '类型', dataIndex: 'subjectType', width: 90, render: (t: SubjectType) => SUBJECT_NAMES[t] ?? t },
    { title: '名称', dataIndex: 'subjectName', ellipsis: true },
    {
      title: '权限',
      dataIndex: 'authorityType',
      width: 120,
      render: (value: Access, grant) => (
        <Select<Access>
          aria-label={`${grant.subjectName}的权限`}
          size="small"
          value={value}
          options={ACCESS_OPTIONS}
          style={{ width: 90 }}
          onChange={(next) => void updateGrant(grant.id, next, { successMessage: '修改成功' }).then(reload, () => undefined)}
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_v, grant) => (
        <Popconfirm title={`确定移除${grant.subjectName}的权限吗？`} okText="移除" cancelText="取消" onConfirm={() => deleteGrant(grant.id, { successMessage: '删除成功' }).then(reload, () => undefined)}>
          <Button type="link" size="small" danger>
            移除
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Modal open title={`权限：${libraryName}`} width={720} footer={<Button onClick={onClose}>关闭</Button>} onCancel={onClose}>
      <div className={styles.grantAdd}>
        <Radio.Group
          optionType="button"
          value={subjectType}
          options={[
            { value: 'role', label: '角色组' },
            { value: 'user', label: '用户' },
          ]}
          onChange={(e) => {
            setSubjectType(e.target.value as SubjectType);
            setSubjectId(null);
          }}
        />
        {subjectType === 'role' ? (
          <Select
            aria-label="角色组"
            style={{ width: 220 }}
            placeholder="选择角色组"
            showSearch={{ optionFilterProp: 'label' }}
            value={subjectId ?? undefined}
            onChange={(v: string) => setSubjectId(v)}
            options={roles.map((r) => ({ value: r.roleId, label: r.roleName }))}
            notFoundContent={EMPTY_TEXT}
          />
        ) : (
          <Select
            aria-label="用户"
            style={{ width: 220 }}
            placeholder="输入姓名或账号搜索"
            value={subjectId ?? undefined}
            onChange={(v: string) => setSubjectId(v)}
            options={people.options}
            showSearch={{ filterOption: false, onSearch: people.search }}
            loading={people.searching}
            notFoundContent={people.searching ? <Spin size="small" /> : EMPTY_TEXT}
          />
        )}
        <Select<Access> aria-label="权限类型" style={{ width: 100 }} value={access} options={ACCESS_OPTIONS} onChange={setAccess} />
        <Button type="primary" loading={adding} onClick={() => void add()}>
          添加
        </Button>
      </div>
      <Table<Grant> rowKey="id" size="small" columns={columns} dataSource={grants ?? []} loading={grants === null} pagination={false} scroll={{ y: 360 }} />
    </Modal>
  );
}
