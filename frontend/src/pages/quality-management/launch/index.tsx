import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { getLaunchOptions, LAUNCH_LEVEL_NAMES, listLaunches, type LaunchLevel, type LaunchSummary } from '../../../api/diagnosis-launch';
import layout from '../../../components/page-layout.module.css';
import { useRequest } from '../../../hooks/use-request';
import { PAGINATION_DEFAULTS } from '../../../utils/pagination';
import { LaunchDetailView } from './launch-detail';
import { LaunchForm } from './launch-form';
import styles from './launch.module.css';

const PAGE_SIZE = 10;
const STATE_COLORS: Record<string, string> = { launching: 'processing', running: 'blue', failed: 'error', closed: 'default' };

/**
 * /qualityManagement/diagnosisLaunch (诊断任务下发, issue 32): the launches, newest first; 下发诊断任务 when the server
 * says the person may launch; a launch opens as `?launch=<id>` with its counts, overdue tasks, 催办 and 关闭周期.
 */
export default function DiagnosisLaunchPage() {
  const [params, setParams] = useSearchParams();
  const [current, setCurrent] = useState(1);
  const [level, setLevel] = useState<LaunchLevel | undefined>();
  const [launching, setLaunching] = useState(false);
  const launchId = params.get('launch');
  const rights = useRequest(() => getLaunchOptions({ level: 'school' }), 'rights');
  const list = useRequest(() => listLaunches({ pageNum: current, pageSize: PAGE_SIZE, level }), JSON.stringify([current, level]));
  const open = (id: string | null) =>
    setParams((now) => {
      const next = new URLSearchParams(now);
      if (id === null) next.delete('launch');
      else next.set('launch', id);
      return next;
    });

  if (launchId) return <LaunchDetailView key={launchId} launchId={launchId} onBack={() => open(null)} />;

  const columns: ColumnsType<LaunchSummary> = [
    {
      title: '诊断任务',
      key: 'name',
      width: 220,
      render: (_, l) => (
        <a onClick={() => open(l.id)} data-testid="launch-link">
          {`${l.levelName}层面 ${l.cycleValue}`}
        </a>
      ),
    },
    { title: '目标标准', dataIndex: 'libraryName', width: 200 },
    { title: '对象', dataIndex: 'scopeName', width: 120 },
    { title: '任务数', dataIndex: 'tasks', width: 80 },
    { title: '起止日期', key: 'dates', width: 200, render: (_, l) => `${l.startDate} ~ ${l.endDate}` },
    { title: '状态', dataIndex: 'state', width: 100, render: (_, l) => <Tag color={STATE_COLORS[l.state]}>{l.stateName}</Tag> },
    { title: '下发人', dataIndex: 'creatorName', width: 100, render: (v: string | null) => v ?? '-' },
    { title: '下发时间', dataIndex: 'createdAt', width: 170 },
  ];

  return (
    <Card title="诊断任务下发">
      <div className={layout.bar}>
        <Select
          aria-label="诊断层面"
          allowClear
          placeholder="全部层面"
          className={styles.levelFilter}
          value={level}
          options={(Object.keys(LAUNCH_LEVEL_NAMES) as LaunchLevel[]).map((l) => ({ value: l, label: LAUNCH_LEVEL_NAMES[l] }))}
          onChange={(l?: LaunchLevel) => {
            setLevel(l);
            setCurrent(1);
          }}
        />
        {rights.data?.actions.includes('launch') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setLaunching(true)}>
            下发诊断任务
          </Button>
        )}
      </div>
      <Table<LaunchSummary>
        rowKey="id"
        data-testid="launch-table"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.loading}
        scroll={{ x: 1190 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无下发记录" /> }}
        pagination={{ ...PAGINATION_DEFAULTS, current, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setCurrent }}
      />
      {launching && (
        <LaunchForm
          onClose={(launched) => {
            setLaunching(false);
            if (launched) void list.reload();
          }}
        />
      )}
    </Card>
  );
}
