import { App } from 'antd';
import { useState } from 'react';
import { deleteDepartment, departmentImportTemplate, importDepartments } from '../../../api/user';
import { ImportButton } from '../import-dialog';
import styles from '../data-manage.module.css';
import { DepartmentDetails } from './components/department-details';
import { DepartmentFormDrawer, type DepartmentFormMode } from './components/department-form-drawer';
import { DepartmentTreePanel } from './components/department-tree-panel';
import { useDepartmentData } from './hooks';

interface DrawerState {
  /** a new form for every opening */
  key: number;
  open: boolean;
  mode: DepartmentFormMode;
}

/** /dataManage/department: the department tree, the selected department's details, and its add/edit/delete. */
export default function DepartmentManagePage() {
  const { modal } = App.useApp();
  const { tree, index, loading, reload } = useDepartmentData();
  const [picked, setPicked] = useState<string | null>(null);
  const [drawer, setDrawer] = useState<DrawerState | null>(null);

  // the picked department while it exists, else the first one
  const selectedId = picked && index.has(picked) ? picked : (tree[0]?.departmentId ?? null);
  const selected = selectedId ? (index.get(selectedId) ?? null) : null;

  const openDrawer = (mode: DepartmentFormMode) => setDrawer((current) => ({ key: (current?.key ?? 0) + 1, open: true, mode }));
  const closeDrawer = () => setDrawer((current) => current && { ...current, open: false });

  const confirmDelete = () => {
    if (!selected) return;
    modal.confirm({
      title: '删除部门',
      content: `确定删除部门“${selected.departmentName}”吗？删除后不可恢复。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          await deleteDepartment(selected.departmentId, { successMessage: '删除成功' });
        } catch {
          return; // the server's reason is shown by the request layer
        }
        setPicked(selected.parentId);
        await reload();
      },
    });
  };

  return (
    <div className={styles.split}>
      <DepartmentTreePanel
        tree={tree}
        loading={loading}
        selectedId={selectedId}
        onSelect={setPicked}
        extra={
          <ImportButton
            title="导入部门"
            templateName="部门导入模板.xlsx"
            template={() => departmentImportTemplate()}
            run={(file) => importDepartments(file, { silent: true })}
            hint="按模板填写名称、简称、上级部门、负责人账号；上级部门重名时填写路径（如 机电工程学院/办公室），可以写在表格后面的行。同一上级下同名的部门按表格更新简称和负责人。"
            onImported={() => void reload()}
          />
        }
      />
      <DepartmentDetails
        department={selected}
        loading={loading}
        onAdd={() => openDrawer({ kind: 'add', parentId: selectedId })}
        onEdit={() => selected && openDrawer({ kind: 'edit', department: selected })}
        onDelete={confirmDelete}
      />
      {drawer && (
        <DepartmentFormDrawer
          key={drawer.key}
          open={drawer.open}
          mode={drawer.mode}
          tree={tree}
          onClose={closeDrawer}
          afterClose={() => setDrawer((current) => (current && !current.open ? null : current))}
          onSaved={(departmentId) => {
            closeDrawer();
            setPicked(departmentId);
            void reload();
          }}
        />
      )}
    </div>
  );
}
