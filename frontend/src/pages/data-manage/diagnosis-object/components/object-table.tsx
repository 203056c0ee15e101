import { Button, Empty, Space, Table, Tag, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import type { DiagnosisObject, ObjectAction, ObjectLevel } from '../../../../api/diagnosis-objects';
import type { Page } from '../../../../api/types';
import { EMPTY_TEXT } from '../../../../utils/constants';
import { UNKNOWN } from '../../../../utils/formatters';
import { PAGINATION_DEFAULTS } from '../../../../utils/pagination';
import { PAGE_SIZE } from '../hooks';
import { LEVEL_VIEWS } from '../object-page';
import styles from '../../data-manage.module.css';

const orNone = (value: string | null | undefined): ReactNode => value || <span className={styles.unknown}>{UNKNOWN}</span>;

interface ObjectTableProps {
  level: ObjectLevel;
  page: Page<DiagnosisObject> | null;
  loading: boolean;
  actions: ObjectAction[];
  onPage(pageNum: number): void;
  onEdit(object: DiagnosisObject): void;
  onRetire(object: DiagnosisObject): void;
  onRestore(object: DiagnosisObject): void;
}

/** One level's objects with the columns that level carries; 编辑, 停用 and 恢复 as the server allows. */
export function ObjectTable({ level, page, loading, actions, onPage, onEdit, onRetire, onRestore }: ObjectTableProps) {
  const view = LEVEL_VIEWS[level];
  const may = (a: ObjectAction) => actions.includes(a);
  const columns: TableColumnsType<DiagnosisObject> = [
    { title: view.codeTitle, dataIndex: 'code', width: 130, ellipsis: true, fixed: 'left' },
    { title: view.nameTitle, dataIndex: 'name', width: 180, ellipsis: true },
  ];
  if (view.department !== 'none') columns.push({ title: '所属部门', dataIndex: 'departmentName', width: 160, ellipsis: true, render: (_v, o) => orNone(o.departmentName) });
  if (view.major) columns.push({ title: '所属专业', dataIndex: 'upperName', width: 180, ellipsis: true, render: (_v, o) => orNone(o.upperCode && `${o.upperCode} ${o.upperName ?? ''}`) });
  if (view.responsible) columns.push({ title: '负责人', dataIndex: 'responsibleName', width: 150, ellipsis: true, render: (_v, o) => orNone(o.responsibleName && `${o.responsibleName}（${o.responsibleAccount ?? ''}）`) });
  if (view.classAndGrade) {
    columns.push({ title: '班级', dataIndex: 'className', width: 110, ellipsis: true, render: (_v, o) => orNone(o.className) });
    columns.push({ title: '年级', dataIndex: 'grade', width: 80, render: (_v, o) => orNone(o.grade) });
  }
  columns.push({
    title: '状态',
    dataIndex: 'retired',
    width: 120,
    render: (_v, o) => (o.retired ? <Tag>已停用 {o.retiredAt}</Tag> : <Tag color="success">在用</Tag>),
  });
  if (may('edit') || may('retire') || may('restore')) {
    columns.push({
      title: '操作',
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_v, o) => (
        <Space size={0}>
          {!o.retired && may('edit') && (
            <Button type="link" size="small" onClick={() => onEdit(o)}>
              编辑
            </Button>
          )}
          {!o.retired && may('retire') && (
            <Button type="link" size="small" danger onClick={() => onRetire(o)}>
              停用
            </Button>
          )}
          {o.retired && may('restore') && (
            <Button type="link" size="small" onClick={() => onRestore(o)}>
              恢复
            </Button>
          )}
        </Space>
      ),
    });
  }

  return (
    <Table<DiagnosisObject>
      aria-label="诊改对象列表"
      rowKey="id"
      columns={columns}
      dataSource={page?.records ?? []}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} /> }}
      pagination={{ ...PAGINATION_DEFAULTS, current: page?.current ?? 1, pageSize: PAGE_SIZE, total: page?.total ?? 0, onChange: onPage }}
    />
  );
}
