import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { getScopeOptions, listReports, REPORT_LEVEL_NAMES, REPORT_LEVELS, REPORT_STATE_NAMES, REPORT_STATES, type ReportLevel, type ReportRow, type ReportState } from '../../api/reports';
import layout from '../../components/page-layout.module.css';
import { useRequest } from '../../hooks/use-request';
import { PAGINATION_DEFAULTS } from '../../utils/pagination';
import { formatPercent } from '../../utils/formatters';
import { GenerateModal } from './generate-modal';
import { scopeText, stateColor } from './report-texts';
import styles from './quality-report.module.css';

interface Filter {
  cycle: string | null;
  cjlx: ReportLevel | null;
  state: ReportState | null;
  name: string;
}

const PAGE_SIZE = 10;

/**
 * 报告列表: the filters 周期 / 范围 / 状态 / 名称, the reports the person may read, 生成报告. onRights hands the page the
 * server's answer on templates and covers (canManageTemplates), which comes with the list.
 */
export function ReportList({ onOpen, onRights, level = null }: { onOpen(id: string): void; onRights?(canManageTemplates: boolean): void; level?: ReportLevel | null }) {
  // a centre's 质量报告 lists the reports with a scope of its level (report/select's cjlx), with no 范围 filter
  const [filter, setFilter] = useState<Filter>({ cycle: null, cjlx: level, state: null, name: '' });
  const [typed, setTyped] = useState('');
  const [current, setCurrent] = useState(1);
  const [generating, setGenerating] = useState(false);
  const cycles = useRequest(() => getScopeOptions(null), 'cycles');
  const list = useRequest(() => listReports({ current, size: PAGE_SIZE, ...filter }), JSON.stringify([current, filter]), {
    onSuccess: (page) => onRights?.(page.canManageTemplates),
  });
  const change = (patch: Partial<Filter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setCurrent(1);
  };

  const columns: ColumnsType<ReportRow> = [
    {
      title: '报告名称',
      dataIndex: 'reportName',
      width: 260,
      render: (name: string, row) => (
        <a onClick={() => onOpen(row.id)} data-testid="report-link">
          {name}
        </a>
      ),
    },
    { title: '周期', dataIndex: 'cycle', width: 90 },
    { title: '范围', key: 'scopes', width: 200, render: (_, row) => scopeText(row.reportHeaderVos) },
    { title: '负责人', dataIndex: 'principal', width: 110 },
    { title: '得分', dataIndex: 'score', width: 80, render: (score: string | null) => formatPercent(score, '-') },
    { title: '状态', dataIndex: 'state', width: 120, render: (state: ReportState, row) => <Tag color={stateColor(state)}>{row.stateName || REPORT_STATE_NAMES[state]}</Tag> },
    { title: '创建时间', dataIndex: 'cjsj', width: 120 },
  ];

  return (
    <>
      <div className={layout.bar}>
        <Space wrap size={12}>
          <Select
            aria-label="周期"
            allowClear
            placeholder="全部周期"
            className={styles.filterSelect}
            value={filter.cycle ?? undefined}
            options={(cycles.data?.cycles ?? []).map((c) => ({ value: c, label: c }))}
            onChange={(cycle?: string) => change({ cycle: cycle ?? null })}
          />
          {!level && (
            <Select
              aria-label="范围"
              allowClear
              placeholder="全部范围"
              className={styles.filterSelect}
              value={filter.cjlx ?? undefined}
              options={REPORT_LEVELS.map((l) => ({ value: l, label: REPORT_LEVEL_NAMES[l] }))}
              onChange={(cjlx?: ReportLevel) => change({ cjlx: cjlx ?? null })}
            />
          )}
          <Select
            aria-label="状态"
            allowClear
            placeholder="全部状态"
            className={styles.filterSelect}
            value={filter.state ?? undefined}
            options={REPORT_STATES.map((s) => ({ value: s, label: REPORT_STATE_NAMES[s] }))}
            onChange={(state?: ReportState) => change({ state: state ?? null })}
          />
          <Input.Search
            aria-label="报告名称"
            allowClear
            placeholder="请输入报告名称"
            className={styles.nameSearch}
            value={typed}
            maxLength={60}
            onChange={(e) => setTyped(e.target.value)}
            onSearch={(name) => change({ name })}
          />
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setGenerating(true)}>
          生成报告
        </Button>
      </div>
      <Table<ReportRow>
        rowKey="id"
        data-testid="report-table"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.loading}
        // a phone scrolls the table inside itself instead of breaking names into a character a line
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无报告" /> }}
        pagination={{ ...PAGINATION_DEFAULTS, current, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setCurrent }}
      />
      {generating && <GenerateModal open level={level} onClose={() => setGenerating(false)} onOpen={onOpen} />}
    </>
  );
}
