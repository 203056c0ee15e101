import { Tag, type TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import type { CentreLevel, CentreRow, CentreSort } from '../../api/development-centres';
import { formatFloat, formatPercent } from '../../utils/formatters';
import { gradeText, tableOrder, type SortState } from './centre-data';
import styles from './centre.module.css';

const AUDIT_COLORS: Record<string, string> = { draft: 'default', submitted: 'processing', passed: 'success', refused: 'error' };

/** A figure, or '-' when the object has none (no task, no judged measure). */
export const orDash = (value: number | null, format: (v: number) => string = formatFloat): string => (value === null ? '-' : format(value));

interface ColumnOptions {
  level: CentreLevel;
  /** the portrait of a row, or null when the person cannot open it there */
  linkOf(row: CentreRow): string | null;
  /** the server's sort, when the table sorts by it (the overview); none for the portrait's lower objects */
  sort?: SortState;
}

/** The columns of a centre's objects: the overview's table and a portrait's lower objects alike. */
export function centreColumns({ level, linkOf, sort }: ColumnOptions): TableColumnsType<CentreRow> {
  const sortable = (field: CentreSort) => (sort ? { sorter: true, sortOrder: tableOrder(sort, field), sortDirections: ['ascend', 'descend'] as ('ascend' | 'descend')[] } : {});
  const columns: TableColumnsType<CentreRow> = [
    { title: '代码', dataIndex: 'code', key: 'code', width: 100, ellipsis: true, ...sortable('code') },
    {
      title: '名称',
      dataIndex: 'name',
      key: 'name',
      width: 160,
      ellipsis: true,
      ...sortable('name'),
      render: (_v, row) => {
        const to = linkOf(row);
        return to ? (
          <Link to={to} data-testid="centre-object-link">
            {row.name}
          </Link>
        ) : (
          row.name
        );
      },
    },
    { title: '所属部门', dataIndex: 'departmentName', key: 'departmentName', width: 140, ellipsis: true, render: (v: string | null) => v ?? '-' },
  ];
  if (level === 'course' || level === 'student') {
    columns.push({ title: '所属专业', dataIndex: 'upperName', key: 'upperName', width: 150, ellipsis: true, render: (v: string | null) => v ?? '-' });
  }
  if (level === 'major' || level === 'course') {
    columns.push({ title: '负责人', dataIndex: 'responsibleName', key: 'responsibleName', width: 100, ellipsis: true, render: (v: string | null) => v ?? '-' });
  }
  columns.push(
    {
      title: '审核状态',
      dataIndex: 'auditState',
      key: 'auditState',
      width: 100,
      ...sortable('auditState'),
      render: (_v, row) => <Tag color={row.auditState ? AUDIT_COLORS[row.auditState] : undefined}>{row.auditStateName}</Tag>,
    },
    { title: '得分', dataIndex: 'score', key: 'score', width: 90, align: 'right', ...sortable('score'), render: (v: number | null) => orDash(v, formatPercent) },
    { title: '等级分布', key: 'grades', width: 150, render: (_v, row) => <span className={styles.grades}>{gradeText(row.grades)}</span> },
    { title: '未达标', dataIndex: 'unmet', key: 'unmet', width: 90, align: 'right', ...sortable('unmet'), render: (v: number, row) => (row.taskId ? `${v} / ${row.points}` : '-') },
    {
      title: '未处理预警',
      dataIndex: 'openWarnings',
      key: 'openWarnings',
      width: 100,
      align: 'right',
      ...sortable('openWarnings'),
      render: (v: number) => (v > 0 ? <span className={styles.alert}>{v}</span> : v),
    },
    { title: '上周期得分', dataIndex: 'lastScore', key: 'lastScore', width: 100, align: 'right', ...sortable('lastScore'), render: (v: number | null) => orDash(v, formatPercent) },
    { title: '改进有效率', dataIndex: 'improvementRate', key: 'improvementRate', width: 100, align: 'right', ...sortable('improvementRate'), render: (v: number | null) => orDash(v, formatPercent) },
  );
  return columns;
}

/** The table's width: the sum of its columns, so a narrow screen scrolls it sideways instead of squeezing it. */
export function columnsWidth(columns: TableColumnsType<CentreRow>): number {
  return columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 120), 0);
}
