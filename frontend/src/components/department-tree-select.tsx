import { TreeSelect, type TreeSelectProps } from 'antd';
import { EMPTY_TEXT } from '../utils/constants';

/**
 * The department picker of 数据管理's forms and filters: the tree open, searched by name, clearable, 暂无数据 when
 * nothing matches. A Form.Item's value and onChange pass through; `aria-label` names it for screen readers and tests.
 */
export function DepartmentTreeSelect(props: TreeSelectProps & { 'aria-label': string }) {
  return <TreeSelect allowClear treeDefaultExpandAll showSearch={{ treeNodeFilterProp: 'title' }} notFoundContent={EMPTY_TEXT} {...props} />;
}
