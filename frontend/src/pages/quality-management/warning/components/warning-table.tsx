import { Button, Empty, Space, Table, type TableColumnsType } from 'antd';
import type { WarningRow } from '../../../../api/warnings';
import { PAGINATION_DEFAULTS } from '../../../../utils/pagination';
import { WARNING_TEXTS, warningValue } from '../../improvement/warning-values';
import { LongText } from '../../../../components/long-text/long-text';

interface WarningTableProps {
  rows: WarningRow[] | null;
  loading: boolean;
  /** the person may handle the task's warnings */
  canHandle: boolean;
  onHandle(row: WarningRow): void;
  onDetail(row: WarningRow): void;
}

/**
 * The warning table of 001 §2: 质控点名称, 预警值, 原因分析, 处理措施 (of the latest handled warning), 预警次数,
 * 已处理次数, 处理人, and 处理 (the latest warning, while open) and 详情 (the point's warning history).
 */
export function WarningTable({ rows, loading, canHandle, onHandle, onDetail }: WarningTableProps) {
  const columns: TableColumnsType<WarningRow> = [
    { title: '质控点名称', dataIndex: 'zkdmc', width: 180 },
    { title: '预警值', key: 'yjz', width: 90, render: (_v, row) => warningValue(row.zlx, row.yjz) },
    { title: '原因分析', key: 'yyfx', render: (_v, row) => <LongText text={row.yyfx} /> },
    { title: '处理措施', key: 'clcs', render: (_v, row) => <LongText text={row.clcs} /> },
    { title: '预警次数', dataIndex: 'allNum', width: 90, align: 'center' },
    { title: '已处理次数', dataIndex: 'disposeNum', width: 100, align: 'center' },
    { title: '处理人', dataIndex: 'clrmc', width: 90, render: (v: string | null) => v ?? '' },
    {
      title: '操作',
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0}>
          {row.open && row.latestId && canHandle && (
            <Button type="link" size="small" onClick={() => onHandle(row)}>
              处理
            </Button>
          )}
          <Button type="link" size="small" onClick={() => onDetail(row)}>
            详情
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="warning-table">
      <Table<WarningRow>
        rowKey="zgzkdid"
        bordered
        size="middle"
        columns={columns}
        dataSource={rows ?? []}
        loading={loading}
        scroll={{ x: 980 }}
        pagination={{ ...PAGINATION_DEFAULTS, pageSize: 10 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={WARNING_TEXTS.noWarnings} /> }}
      />
    </div>
  );
}
