import { App, Card } from 'antd';
import { useMemo, useState } from 'react';
import type { UserRecord } from '../../../api/types';
import { deleteUser, exportUsers, importPeople, peopleImportTemplate } from '../../../api/user';
import { ExportButton } from '../../../components/export-button';
import { ImportButton } from '../import-dialog';
import { useAuth } from '../../../auth/auth-context';
import { UserFormDrawer, type UserFormMode } from './components/user-form-drawer';
import { UserSearchBar } from './components/user-search-bar';
import { UserTable } from './components/user-table';
import { useLookups, useUserList, userTypeNames } from './hooks';

interface DrawerState {
  /** a new form for every opening */
  key: number;
  open: boolean;
  mode: UserFormMode;
}

/** /dataManage/user: find people, add, edit and delete them, and grant or take their roles. */
export default function UserManagePage() {
  const { modal } = App.useApp();
  const { user: self } = useAuth();
  const { tree, roles, userTypes } = useLookups();
  const list = useUserList(roles);
  const typeNames = useMemo(() => userTypeNames(userTypes), [userTypes]);
  const [drawer, setDrawer] = useState<DrawerState | null>(null);

  const openDrawer = (mode: UserFormMode) => setDrawer((current) => ({ key: (current?.key ?? 0) + 1, open: true, mode }));

  const confirmDelete = (user: UserRecord) => {
    modal.confirm({
      title: '删除用户',
      content: `确定删除用户“${user.userName}（${user.account}）”吗？删除后不可恢复。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          await deleteUser(user.userId, { successMessage: '删除成功' });
          list.reload();
        } catch {
          // the server's reason is shown by the request layer
        }
      },
    });
  };

  return (
    <Card title="用户管理">
      <UserSearchBar
        tree={tree}
        onSearch={list.search}
        onAdd={() => openDrawer({ kind: 'add' })}
        extra={
          <>
            {/* every person the last search keeps (list.query), not just this page */}
            <ExportButton run={() => exportUsers(list.query)} fallbackName="用户列表.xlsx" disabled={!list.page?.total} />
            <ImportButton
              title="导入人员"
              templateName="人员导入模板.xlsx"
              template={() => peopleImportTemplate()}
              run={(file, casOnly) => importPeople(file, casOnly, { silent: true })}
              offerCasOnly
              hint="按模板填写账号、姓名、部门、人员类型（教职工/教师/学生）、角色等；部门重名时填写路径（如 机电工程学院/办公室）；学生可填专业代码、班级、年级。已有账号按表格更新，重复导入同一表格不会改变数据。"
              onImported={list.reload}
            />
          </>
        }
      />
      <UserTable
        page={list.page}
        rolesByUser={list.rolesByUser}
        typeNames={typeNames}
        loading={list.loading}
        selfId={self?.userId}
        onPage={list.goTo}
        onEdit={(user) => openDrawer({ kind: 'edit', user, tab: 'basic' })}
        onRoles={(user) => openDrawer({ kind: 'edit', user, tab: 'roles' })}
        onDelete={confirmDelete}
      />
      {drawer && (
        <UserFormDrawer
          key={drawer.key}
          open={drawer.open}
          mode={drawer.mode}
          tree={tree}
          roles={roles ?? []}
          userTypes={userTypes}
          onClose={() => setDrawer((current) => current && { ...current, open: false })}
          afterClose={() => setDrawer((current) => (current && !current.open ? null : current))}
          onChanged={list.reload}
        />
      )}
    </Card>
  );
}
