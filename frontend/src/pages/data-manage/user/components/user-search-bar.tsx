import { PlusOutlined } from '@ant-design/icons';
import { PERSON_KIND_LABELS, PERSON_KINDS, type PersonKind } from '@zhengai/contracts';
import { Button, Form, Input, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import type { DepartmentNode } from '../../../../api/types';
import { departmentOptions } from '../../department-tree';
import type { UserQuery } from '../hooks';
import layout from '../../../../components/page-layout.module.css';
import { SearchButtons } from '../../../../components/search-buttons';
import { DepartmentTreeSelect } from '../../../../components/department-tree-select';

interface SearchValues {
  userName?: string;
  orgId?: string | null;
  personKind?: PersonKind | null;
}

interface UserSearchBarProps {
  tree: DepartmentNode[];
  onSearch(query: UserQuery): void;
  onAdd(): void;
  /** the 导入 button beside 新增用户 */
  extra?: ReactNode;
}

/** 姓名/账号, 部门 and 人员类型, 查询 and 重置, and 导入 and 新增用户 on the right. */
export function UserSearchBar({ tree, onSearch, onAdd, extra }: UserSearchBarProps) {
  const [form] = Form.useForm<SearchValues>();
  const departments = useMemo(() => departmentOptions(tree), [tree]);
  const submit = (values: SearchValues) => onSearch({ userName: (values.userName ?? '').trim(), orgId: values.orgId ?? null, personKind: values.personKind ?? null });

  return (
    <div className={layout.bar}>
      <Form<SearchValues> form={form} name="user-search" layout="inline" onFinish={submit} style={{ rowGap: 12 }}>
        <Form.Item label="姓名/账号" name="userName">
          <Input placeholder="输入姓名或账号" allowClear maxLength={60} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="部门" name="orgId">
          <DepartmentTreeSelect
            aria-label="部门"
            treeData={departments}
            placeholder="全部部门"
            style={{ width: 220 }}
          />
        </Form.Item>
        <Form.Item label="人员类型" name="personKind">
          <Select
            aria-label="人员类型"
            allowClear
            placeholder="全部"
            options={PERSON_KINDS.map((kind) => ({ value: kind, label: PERSON_KIND_LABELS[kind] }))}
            style={{ width: 120 }}
          />
        </Form.Item>
        <SearchButtons
          onReset={() => {
            form.resetFields();
            submit({});
          }}
        />
      </Form>
      <Space wrap>
        {extra}
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          新增用户
        </Button>
      </Space>
    </div>
  );
}
