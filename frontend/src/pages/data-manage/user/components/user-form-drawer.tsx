import { PERSON_KIND_LABELS, PERSON_KINDS, type PersonKind } from '@zhengai/contracts';
import { Alert, Form, Input, Radio, Select, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import type { DepartmentNode, Role, UserInput, UserRecord, UserType } from '../../../../api/types';
import { addUser, updateUser } from '../../../../api/user';
import { FormDrawer } from '../../../../components/form-drawer';
import { useDrawerSubmit } from '../../../../hooks/use-drawer-submit';
import { EMPTY_TEXT, SEX } from '../../../../utils/constants';
import { isStrongPassword } from '../../../../utils/validators';
import { departmentOptions } from '../../department-tree';
import { UserRolesPanel } from './user-roles-panel';
import { DepartmentTreeSelect } from '../../../../components/department-tree-select';

/** Add a person, or edit one (opening on the basic details or on the roles). */
export type UserFormMode = { kind: 'add' } | { kind: 'edit'; user: UserRecord; tab: UserFormTab };
export type UserFormTab = 'basic' | 'roles';

interface UserFormValues {
  account: string;
  userName: string;
  orgId?: string | null;
  userTypeId?: string | null;
  personKind: PersonKind;
  sex: string;
  enabled: boolean;
  password?: string;
}

/** The server's account rule, with its message. */
const ACCOUNT = /^[A-Za-z0-9_.@-]{2,60}$/;
export const USER_MESSAGES = {
  account: '账号只能包含字母、数字和 _ . @ -，2到60位',
  password: '密码必须包含字母和数字,必须大于等于8位！',
} as const;
const INPUT_MAX = 60;

interface UserFormDrawerProps {
  open: boolean;
  mode: UserFormMode;
  tree: DepartmentNode[];
  roles: Role[];
  userTypes: UserType[];
  onClose(): void;
  afterClose(): void;
  /** something was written: the list loads again */
  onChanged(): void;
}

/**
 * 新增用户 / 编辑用户 in the form drawer, with a 角色 tab. After adding, the drawer stays open on the new
 * person's roles so they can be granted at once.
 */
export function UserFormDrawer({ open, mode, tree, roles, userTypes, onClose, afterClose, onChanged }: UserFormDrawerProps) {
  const [form] = Form.useForm<UserFormValues>();
  // the person being edited; set by saving a new one
  const [user, setUser] = useState<UserRecord | null>(mode.kind === 'edit' ? mode.user : null);
  const [justAdded, setJustAdded] = useState(false);
  const [tab, setTab] = useState<UserFormTab>(mode.kind === 'edit' ? mode.tab : 'basic');
  const departments = useMemo(() => departmentOptions(tree), [tree]);

  const initialValues: UserFormValues = user
    ? {
        account: user.account,
        userName: user.userName,
        orgId: user.orgId,
        userTypeId: user.userTypeId,
        personKind: user.personKind ?? 'staff',
        sex: String(user.sex ?? SEX.male) === SEX.female ? SEX.female : SEX.male,
        enabled: user.enabled !== false,
      }
    : { account: '', userName: '', orgId: null, userTypeId: null, personKind: 'staff', sex: SEX.male, enabled: true, password: '' };

  const submit = useDrawerSubmit(
    form,
    async (values) => {
      const input: UserInput = {
        account: values.account.trim(),
        userName: values.userName.trim(),
        orgId: values.orgId ?? null,
        userTypeId: values.userTypeId ?? null,
        personKind: values.personKind,
        sex: values.sex === SEX.female ? 2 : 1,
      };
      if (user) {
        await updateUser({ ...input, userId: user.userId, enabled: values.enabled }, { successMessage: '保存成功' });
        onChanged();
        onClose();
      } else {
        // a refusal (a taken account, a weak password) is shown by the request layer
        const { userId } = await addUser({ ...input, password: values.password }, { successMessage: '新增成功' });
        setUser({ ...input, userId, orgName: null, enabled: true, personKind: values.personKind, roles: [] });
        setJustAdded(true);
        setTab('roles');
        onChanged();
      }
    },
    () => setTab('basic'),
  );

  const basic = (
    <Form<UserFormValues>
      form={form}
      name="user-form"
      layout="vertical"
      initialValues={initialValues}
      onValuesChange={submit.touch}
      style={{ maxWidth: 640 }}
    >
      <Form.Item
        label="账号"
        name="account"
        rules={[
          { required: true, whitespace: true, message: '请输入账号' },
          { pattern: ACCOUNT, message: USER_MESSAGES.account },
        ]}
      >
        <Input placeholder="字母、数字和 _ . @ -，2到60位" maxLength={INPUT_MAX} autoComplete="off" />
      </Form.Item>
      <Form.Item label="姓名" name="userName" rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}>
        <Input placeholder="请输入姓名" maxLength={INPUT_MAX} autoComplete="off" />
      </Form.Item>
      {!user && (
        <Form.Item
          label="初始密码"
          name="password"
          rules={[
            { required: true, message: '请输入初始密码' },
            { validator: (_rule, value: string | undefined) => (!value || isStrongPassword(value) ? Promise.resolve() : Promise.reject(new Error(USER_MESSAGES.password))) },
          ]}
        >
          <Input.Password placeholder="字母和数字，至少8位" maxLength={INPUT_MAX} autoComplete="new-password" />
        </Form.Item>
      )}
      <Form.Item label="部门" name="orgId">
        <DepartmentTreeSelect
          aria-label="部门"
          treeData={departments}
          placeholder="请选择部门"
        />
      </Form.Item>
      <Form.Item label="人员类型" name="personKind" extra="教师和学生是本层级的诊改对象">
        <Radio.Group options={PERSON_KINDS.map((kind) => ({ value: kind, label: PERSON_KIND_LABELS[kind] }))} />
      </Form.Item>
      <Form.Item label="用户类型" name="userTypeId">
        <Select
          aria-label="用户类型"
          allowClear
          placeholder="请选择用户类型"
          options={userTypes.map((t) => ({ value: t.userTypeId, label: t.userTypeName }))}
          notFoundContent={EMPTY_TEXT}
        />
      </Form.Item>
      <Form.Item label="性别" name="sex">
        <Radio.Group
          options={[
            { value: SEX.male, label: '男' },
            { value: SEX.female, label: '女' },
          ]}
        />
      </Form.Item>
      {user && (
        <Form.Item label="状态" name="enabled" extra="停用后不能登录">
          <Radio.Group
            options={[
              { value: true, label: '启用' },
              { value: false, label: '停用' },
            ]}
          />
        </Form.Item>
      )}
    </Form>
  );

  return (
    <FormDrawer
      open={open}
      title={user ? `编辑用户：${user.userName}` : '新增用户'}
      dirty={submit.dirty}
      saving={submit.saving}
      showSave={tab === 'basic'}
      onSave={submit.save}
      onClose={onClose}
      afterOpenChange={(visible) => !visible && afterClose()}
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as UserFormTab)}
        items={[
          { key: 'basic', label: '基本信息', children: basic, forceRender: true },
          {
            key: 'roles',
            label: '角色',
            disabled: !user,
            children: user ? (
              <>
                {justAdded && <Alert type="success" showIcon title={`用户“${user.userName}”已新增，可在此分配角色。`} style={{ marginBottom: 16 }} />}
                <UserRolesPanel userId={user.userId} userName={user.userName} roles={roles} onChanged={onChanged} />
              </>
            ) : null,
          },
        ]}
      />
    </FormDrawer>
  );
}
