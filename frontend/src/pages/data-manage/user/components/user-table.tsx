import { PERSON_KIND_LABELS } from '@zhengai/contracts';
import { Button, Empty, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import type { Page, Role, UserRecord } from '../../../../api/types';
import { EMPTY_TEXT } from '../../../../utils/constants';
import { PAGINATION_DEFAULTS } from '../../../../utils/pagination';
import { UNKNOWN } from '../../department-tree';
import { PAGE_SIZE, sexText } from '../hooks';
import styles from '../../data-manage.module.css';

const orUnknown = (value: string | null | undefined): ReactNode => value || <span className={styles.unknown}>{UNKNOWN}</span>;

interface UserTableProps {
  page: Page<UserRecord> | null;
  rolesByUser: Map<string, Role[]>;
  typeNames: Map<string, string>;
  loading: boolean;
  /** the login user, who cannot delete themselves */
  selfId: string | undefined;
  onPage(pageNum: number): void;
  onEdit(user: UserRecord): void;
  onRoles(user: UserRecord): void;
  onDelete(user: UserRecord): void;
}

/** The people of one page with their department, person type, user type, sex, state and roles. */
export function UserTable({ page, rolesByUser, typeNames, loading, selfId, onPage, onEdit, onRoles, onDelete }: UserTableProps) {
  const columns: TableColumnsType<UserRecord> = [
    { title: '账号', dataIndex: 'account', width: 140, ellipsis: true },
    { title: '姓名', dataIndex: 'userName', width: 120, ellipsis: true },
    { title: '部门', dataIndex: 'orgName', width: 180, ellipsis: true, render: (_v, user) => orUnknown(user.orgName) },
    { title: '人员类型', dataIndex: 'personKind', width: 90, render: (_v, user) => orUnknown(PERSON_KIND_LABELS[user.personKind]) },
    { title: '用户类型', dataIndex: 'userTypeId', width: 110, render: (_v, user) => orUnknown(user.userTypeId ? typeNames.get(user.userTypeId) : null) },
    { title: '性别', dataIndex: 'sex', width: 70, render: (_v, user) => orUnknown(sexText(user.sex)) },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 80,
      render: (_v, user) => (user.enabled === false ? <Tag>停用</Tag> : <Tag color="success">启用</Tag>),
    },
    {
      title: '角色',
      key: 'roles',
      render: (_v, user) => {
        const roles = rolesByUser.get(user.userId) ?? [];
        if (!roles.length) return <span className={styles.unknown}>无</span>;
        return (
          <Space size={[0, 4]} wrap>
            {roles.map((role) => (
              <Tag key={role.roleId} color="blue">
                {role.roleName}
              </Tag>
            ))}
          </Space>
        );
      },
    },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      render: (_v, user) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onEdit(user)}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => onRoles(user)}>
            角色
          </Button>
          <Tooltip title={user.userId === selfId ? '不能删除自己' : undefined}>
            <Button type="link" size="small" danger disabled={user.userId === selfId} onClick={() => onDelete(user)}>
              删除
            </Button>
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <Table<UserRecord>
      aria-label="用户列表"
      rowKey="userId"
      columns={columns}
      dataSource={page?.records ?? []}
      loading={loading}
      // on a phone the columns scroll inside the card, not the page
      scroll={{ x: 1000 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} /> }}
      pagination={{
        ...PAGINATION_DEFAULTS,
        current: page?.current ?? 1,
        pageSize: PAGE_SIZE,
        total: page?.total ?? 0,
        onChange: onPage,
      }}
    />
  );
}
