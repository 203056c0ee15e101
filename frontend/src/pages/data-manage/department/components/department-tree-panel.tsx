import { SearchOutlined } from '@ant-design/icons';
import { Card, Empty, Input, Spin, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import type { DepartmentNode } from '../../../../api/types';
import { EMPTY_TEXT } from '../../../../utils/constants';
import { filterDepartments, parentIds, splitMatch } from '../../department-tree';
import styles from '../../data-manage.module.css';

function Title({ name, keyword }: { name: string; keyword: string }) {
  const parts = splitMatch(name, keyword);
  if (!parts) return <span>{name}</span>;
  return (
    <span>
      {parts.before}
      <span className={styles.match}>{parts.match}</span>
      {parts.after}
    </span>
  );
}

function toTreeData(nodes: DepartmentNode[], keyword: string): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.departmentId,
    title: <Title name={node.departmentName} keyword={keyword} />,
    children: toTreeData(node.childrens ?? [], keyword),
  }));
}

interface DepartmentTreePanelProps {
  tree: DepartmentNode[];
  loading: boolean;
  selectedId: string | null;
  onSelect(departmentId: string): void;
  /** beside the title: the 导入 button */
  extra?: ReactNode;
}

/** The department tree with the name filter of spec 000 §5 (matches and their ancestors, highlighted). */
export function DepartmentTreePanel({ tree, loading, selectedId, onSelect, extra }: DepartmentTreePanelProps) {
  const [keyword, setKeyword] = useState('');
  const filtered = useMemo(() => filterDepartments(tree, keyword), [tree, keyword]);
  const treeData = useMemo(() => toTreeData(filtered, keyword), [filtered, keyword]);
  // all open whenever the tree or the filter changes; the person's own toggles in between are kept
  const [toggled, setToggled] = useState<{ source: DepartmentNode[]; keys: string[] } | null>(null);
  const expandedKeys = toggled?.source === filtered ? toggled.keys : parentIds(filtered);

  return (
    <Card title="部门结构" extra={extra} className={styles.treeCard}>
      <Input
        aria-label="搜索部门"
        placeholder="输入部门名称搜索"
        prefix={<SearchOutlined />}
        allowClear
        maxLength={60}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
      />
      <div className={styles.treeScroll}>
        <Spin spinning={loading}>
          {treeData.length ? (
            <Tree
              aria-label="部门树"
              blockNode
              treeData={treeData}
              expandedKeys={expandedKeys}
              onExpand={(keys) => setToggled({ source: filtered, keys: keys.map(String) })}
              selectedKeys={selectedId ? [selectedId] : []}
              // clicking the selected department again keeps it selected
              onSelect={(keys) => keys.length && onSelect(String(keys[0]))}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={loading ? ' ' : keyword ? '没有匹配的部门' : EMPTY_TEXT} />
          )}
        </Spin>
      </div>
    </Card>
  );
}
