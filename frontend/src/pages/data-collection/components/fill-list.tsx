// The list of fill tasks shared by 我的填报 and 填报审核: filter by state and name, paged, an action per row.
import { Button, Card, Input, Space, Table, Tag, Typography, type TableColumnsType, type TableProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { FILL_STATE_LABELS, FILL_STATES, INPUT_MAX, type FillState, type FillTask, type FillTaskQuery, type Page } from '@zhengai/contracts';
import { useRequest } from '../../../hooks/use-request';
import { PAGINATION_DEFAULTS } from '../../../utils/pagination';
import { FillStateTag } from './fill-drawer';
import { StateSelect } from './state-select';

const PAGE_SIZE = 10;

export interface FillListProps {
  title: string;
  load: (query: FillTaskQuery) => Promise<Page<FillTask>>;
  defaultState?: FillState;
  /** the filler or the department column */
  who: 'filler' | 'auditor';
  action: (fill: FillTask) => ReactNode;
  /** bump to reload */
  version: number;
  /** the rows of the page once they are shown (for the batch's allowed actions) */
  onRecords?(records: FillTask[]): void;
  /** row selection for a batch action (填报审核's 批量通过) */
  rowSelection?: TableProps<FillTask>['rowSelection'];
  /** shown above the table (the batch bar) */
  toolbar?: ReactNode;
}

export function FillList({ title, load, defaultState, who, action, version, onRecords, rowSelection, toolbar }: FillListProps) {
  const [state, setState] = useState<FillState | undefined>(defaultState);
  const [name, setName] = useState('');
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState(1);
  const query: FillTaskQuery = { pageNum: page, pageSize: PAGE_SIZE, state, name: name || undefined };
  const { data, loading } = useRequest(() => load(query), `${JSON.stringify(query)}:${version}`, { onSuccess: (page) => onRecords?.(page.records) });

  const columns: TableColumnsType<FillTask> = [
    { title: '采集任务', dataIndex: 'taskName', ellipsis: true },
    { title: '表单', dataIndex: 'formName', ellipsis: true, render: (v: string) => <span data-testid="fill-form-name">{v}</span> },
    { title: '周期', dataIndex: 'cycle', width: 80 },
    who === 'auditor'
      ? { title: '填报部门/人', key: 'filler', ellipsis: true, render: (_v, f) => f.departmentName ?? f.userName ?? '-' }
      : { title: '审核人', dataIndex: 'auditorName', width: 100 },
    {
      title: '截止日期',
      dataIndex: 'deadline',
      width: 150,
      render: (v: string, f) => (
        <span>
          {v}
          {f.overdue && (
            <Tag color="red" style={{ marginLeft: 6 }}>
              已逾期
            </Tag>
          )}
        </span>
      ),
    },
    { title: '状态', dataIndex: 'state', width: 90, render: (s: FillState) => <FillStateTag state={s} /> },
    { title: '行数', dataIndex: 'rowCount', width: 70 },
    {
      title: '退回原因',
      dataIndex: 'rollbackReason',
      ellipsis: true,
      render: (v: string | null, f) => (f.state === 'rollback' && v ? <Typography.Text type="danger" title={v}>{v}</Typography.Text> : '-'),
    },
    { title: '操作', key: 'action', width: 90, fixed: 'right', render: (_v, f) => action(f) },
  ];

  return (
    <Card title={title}>
      <Space style={{ marginBottom: 12 }} wrap>
        <StateSelect
          states={FILL_STATES}
          labels={FILL_STATE_LABELS}
          value={state}
          onChange={(v) => {
            setState(v);
            setPage(1);
          }}
        />
        <Input
          style={{ width: 220 }}
          allowClear
          placeholder="采集任务或表单名称"
          value={typed}
          maxLength={INPUT_MAX.default}
          onChange={(e) => setTyped(e.target.value)}
          onPressEnter={() => {
            setName(typed.trim());
            setPage(1);
          }}
        />
        <Button
          type="primary"
          onClick={() => {
            setName(typed.trim());
            setPage(1);
          }}
        >
          查询
        </Button>
      </Space>
      {toolbar}
      <Table<FillTask>
        rowKey="id"
        rowSelection={rowSelection}
        loading={loading}
        columns={columns}
        dataSource={data?.records ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ ...PAGINATION_DEFAULTS, current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage }}
      />
    </Card>
  );
}
