import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Space, Tabs } from 'antd';
import { useState } from 'react';
import {
  OBJECT_LEVEL_NAMES, OBJECT_LEVELS, restoreObject, retireObject, type DiagnosisObject, type ObjectImportLevel, type ObjectLevel,
} from '../../../api/diagnosis-objects';
import { getDepartmentTree } from '../../../api/user';
import type { DepartmentNode } from '../../../api/types';
import { useRequest } from '../../../hooks/use-request';
import layout from '../../../components/page-layout.module.css';
import { ObjectFormModal } from './components/object-form-modal';
import { ObjectImportModal } from './components/object-import-modal';
import { ObjectSearchBar } from './components/object-search-bar';
import { ObjectTable } from './components/object-table';
import { useObjectActions, useObjectList } from './hooks';

const NO_TREE: DepartmentNode[] = [];

/** /dataManage/diagnosisObject (诊改对象): each level's objects; add, edit, retire, restore and import as the server allows. */
export default function DiagnosisObjectPage() {
  const { modal } = App.useApp();
  const tree = useRequest(() => getDepartmentTree(), 'tree').data ?? NO_TREE;
  const { actions, importLevels } = useObjectActions();
  const list = useObjectList('major');
  const [editing, setEditing] = useState<{ object: DiagnosisObject | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const level = list.level;

  const confirm = (object: DiagnosisObject, retire: boolean) =>
    modal.confirm({
      title: retire ? '停用诊改对象' : '恢复诊改对象',
      content: retire
        ? `确定停用${OBJECT_LEVEL_NAMES[object.level]}“${object.name}（${object.code}）”吗？停用后保留历史记录，但不再下发新的诊断任务。`
        : `确定恢复${OBJECT_LEVEL_NAMES[object.level]}“${object.name}（${object.code}）”吗？`,
      okText: retire ? '停用' : '恢复',
      okButtonProps: retire ? { danger: true } : undefined,
      cancelText: '取消',
      onOk: async () => {
        try {
          if (retire) await retireObject(object.id, { successMessage: '已停用' });
          else await restoreObject(object.id, { successMessage: '已恢复' });
          list.reload();
        } catch {
          // the server's reason is shown by the request layer
        }
      },
    });

  const importLevel = (importLevels as ObjectLevel[]).includes(level) ? (level as ObjectImportLevel) : importLevels[0];

  return (
    <Card title="诊改对象">
      <Tabs size="small" tabBarGutter={16} activeKey={level} onChange={(key) => list.setLevel(key as ObjectLevel)} items={OBJECT_LEVELS.map((l) => ({ key: l, label: OBJECT_LEVEL_NAMES[l] }))} />
      <div className={layout.bar}>
        <ObjectSearchBar key={level} level={level} tree={tree} onSearch={list.search} />
        <Space wrap>
          {actions.includes('add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ object: null })}>
              新增{OBJECT_LEVEL_NAMES[level]}
            </Button>
          )}
          {importLevel && actions.includes('import') && (
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              导入
            </Button>
          )}
        </Space>
      </div>
      <ObjectTable
        level={level}
        page={list.page}
        loading={list.loading}
        actions={actions}
        onPage={list.goTo}
        onEdit={(object) => setEditing({ object })}
        onRetire={(object) => confirm(object, true)}
        onRestore={(object) => confirm(object, false)}
      />
      {editing && (
        <ObjectFormModal
          level={level}
          object={editing.object}
          tree={tree}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
      {importing && importLevel && (
        <ObjectImportModal
          levels={importLevels}
          initialLevel={importLevel}
          onClose={() => setImporting(false)}
          onImported={(imported) => (imported === level ? list.reload() : undefined)}
        />
      )}
    </Card>
  );
}
