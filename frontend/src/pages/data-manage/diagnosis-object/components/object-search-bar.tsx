import { Form, Grid, Input, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { objectOptions, type ObjectLevel } from '../../../../api/diagnosis-objects';
import type { DepartmentNode } from '../../../../api/types';
import { SearchButtons } from '../../../../components/search-buttons';
import { useRequest } from '../../../../hooks/use-request';
import { EMPTY_TEXT } from '../../../../utils/constants';
import { departmentOptions } from '../../department-tree';
import { EMPTY_QUERY, type ObjectQuery } from '../hooks';
import { LEVEL_VIEWS, STATE_OPTIONS } from '../object-page';
import { DepartmentTreeSelect } from '../../../../components/department-tree-select';

interface ObjectSearchBarProps {
  level: ObjectLevel;
  tree: DepartmentNode[];
  onSearch(query: ObjectQuery): void;
}

/** 代码/名称, 部门, 所属专业 (courses, students) and 状态; 查询 and 重置. */
export function ObjectSearchBar({ level, tree, onSearch }: ObjectSearchBarProps) {
  const [form] = Form.useForm<ObjectQuery>();
  const departments = useMemo(() => departmentOptions(tree), [tree]);
  const view = LEVEL_VIEWS[level];
  // a phone's width (390 px): one field a line, each as wide as the line
  const narrow = !Grid.useBreakpoint().sm;
  const width = (px: number) => (narrow ? '100%' : px);
  const departmentId = Form.useWatch('departmentId', form) ?? null;
  // the majors of the chosen department (all live majors without one)
  const majors = useRequest(view.major ? () => objectOptions({ level: 'major', departmentId }) : null, `majors-${departmentId ?? ''}`);
  useEffect(() => form.resetFields(), [form, level]);

  const submit = (values: Partial<ObjectQuery>) =>
    onSearch({ keyword: (values.keyword ?? '').trim(), departmentId: values.departmentId ?? null, upperId: values.upperId ?? null, state: values.state ?? 'live' });

  return (
    <Form<ObjectQuery> form={form} name="object-search" layout={narrow ? 'vertical' : 'inline'} initialValues={EMPTY_QUERY} onFinish={submit} style={{ rowGap: 12, width: narrow ? '100%' : undefined }}>
      <Form.Item label={`${view.codeTitle.replace(/\/.*$/, '')}/名称`} name="keyword">
        <Input placeholder="输入代码或名称" allowClear maxLength={60} style={{ width: width(180) }} />
      </Form.Item>
      {view.department !== 'none' && (
        <Form.Item label="部门" name="departmentId">
          <DepartmentTreeSelect
            aria-label="部门"
            treeData={departments}
            placeholder="全部部门"
            style={{ width: width(200) }}
            onChange={() => form.setFieldValue('upperId', null)}
          />
        </Form.Item>
      )}
      {view.major && (
        <Form.Item label="所属专业" name="upperId">
          <Select
            aria-label="所属专业"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="全部专业"
            loading={majors.loading}
            notFoundContent={EMPTY_TEXT}
            options={(majors.data ?? []).map((m) => ({ value: m.value, label: m.text }))}
            style={{ width: width(200) }}
          />
        </Form.Item>
      )}
      <Form.Item label="状态" name="state">
        <Select aria-label="状态" options={STATE_OPTIONS.map((o) => ({ ...o }))} style={{ width: width(100) }} />
      </Form.Item>
      <SearchButtons
        onReset={() => {
          form.resetFields();
          submit(EMPTY_QUERY);
        }}
      />
    </Form>
  );
}
