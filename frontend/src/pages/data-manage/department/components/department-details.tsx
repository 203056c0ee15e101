import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Empty, Space, Spin } from 'antd';
import type { ReactNode } from 'react';
import { EMPTY_TEXT } from '../../../../utils/constants';
import { UNKNOWN, type DepartmentInfo } from '../../department-tree';
import styles from '../../data-manage.module.css';

const orUnknown = (value: string | null | undefined): ReactNode => (value ? value : <span className={styles.unknown}>{UNKNOWN}</span>);

interface DepartmentDetailsProps {
  department: DepartmentInfo | null;
  loading: boolean;
  onAdd(): void;
  onEdit(): void;
  onDelete(): void;
}

/** The selected department and what can be done with it: add a sub-department, edit, delete. */
export function DepartmentDetails({ department, loading, onAdd, onEdit, onDelete }: DepartmentDetailsProps) {
  return (
    <Card
      title="部门详情"
      className={styles.detailCard}
      extra={
        <Space>
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} disabled={loading}>
            新增部门
          </Button>
          <Button icon={<EditOutlined />} onClick={onEdit} disabled={!department || loading}>
            编辑
          </Button>
          <Button danger icon={<DeleteOutlined />} onClick={onDelete} disabled={!department || loading}>
            删除
          </Button>
        </Space>
      }
    >
      <Spin spinning={loading}>
        {department ? (
          <Descriptions
            bordered
            column={1}
            classNames={{ label: styles.descriptionLabel }}
            items={[
              { key: 'name', label: '部门名称', children: department.departmentName },
              { key: 'parent', label: '上级部门', children: department.parentName ?? '无（顶级部门）' },
              { key: 'head', label: '负责人', children: orUnknown(department.chargeUserName) },
              { key: 'zh', label: '中文简称', children: orUnknown(department.shortNameChinese) },
              { key: 'en', label: '英文简称', children: orUnknown(department.shortNameEnglish) },
              { key: 'children', label: '下级部门', children: department.childNames.length ? department.childNames.join('、') : '无' },
            ]}
          />
        ) : (
          <Empty description={loading ? ' ' : EMPTY_TEXT} style={{ padding: '48px 0' }} />
        )}
      </Spin>
    </Card>
  );
}
