import { DatePicker, Modal, Spin, Table, Tabs, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import type { QualityRow } from '../../../../api/diagnosis';
import { getSamplingRecords, type SamplingRecord } from '../../../../api/warnings';
import { LazyChart } from '../../../../components/charts/lazy-chart';
import { useRequest } from '../../../../hooks/use-request';
import { PAGINATION_DEFAULTS } from '../../../../utils/pagination';
import { samplingTrendOption } from '../detail-data';
import { VALUE_TYPE_NAMES, formatValue, nameOf } from '../quality-values';
import { SAMPLING_WINDOW_DAYS } from '../warning-values';
import styles from '../improvement.module.css';

type Range = [Dayjs, Dayjs];

const NO_RECORDS: SamplingRecord[] = [];

const COLUMNS: TableColumnsType<SamplingRecord> = [
  { title: '采样时间', dataIndex: 'sj', width: 190 },
  { title: '采样值', key: 'cjz', render: (_v, r) => formatValue(r.zlx, r.cjz) },
  { title: '数据类型', key: 'zlx', width: 120, render: (_v, r) => nameOf(VALUE_TYPE_NAMES, r.zlx) },
];

const defaultRange = (): Range => [dayjs().subtract(SAMPLING_WINDOW_DAYS - 1, 'day').startOf('day'), dayjs().startOf('day')];

interface SamplingModalProps {
  open: boolean;
  taskId: string;
  point: Pick<QualityRow, 'id' | 'zkdmc'>;
  onClose(): void;
  afterClose?(): void;
}

/**
 * 采样分析 (001 §2): the point's sampled values between two days (the last 7 by default) as 值趋势 (a line) and
 * 采样记录 (a table of time, value and type).
 */
export function SamplingModal({ open, taskId, point, onClose, afterClose }: SamplingModalProps) {
  const [range, setRange] = useState<Range>(defaultRange);
  const startDate = range[0].format('YYYY-MM-DD');
  const endDate = range[1].format('YYYY-MM-DD');
  const span = `${startDate}~${endDate}`;
  // the records of a window; another window's are not shown while this one's load
  const request = useRequest(open ? () => getSamplingRecords({ zgzkdid: point.id, objTaskId: taskId, startDate, endDate }) : null, `${point.id}/${taskId}/${span}`, {
    keepPrevious: false,
  });
  const records = request.data ?? (request.failed ? NO_RECORDS : null);

  const option = useMemo(() => samplingTrendOption(records), [records]);

  return (
    <Modal title={`采样分析：${point.zkdmc}`} open={open} width={880} footer={null} onCancel={onClose} afterClose={afterClose} destroyOnHidden>
      <div className={styles.samplingBar}>
        <span>采样时间：</span>
        <DatePicker.RangePicker
          aria-label="采样时间"
          allowClear={false}
          value={range}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          onChange={(next) => next?.[0] && next[1] && setRange([next[0], next[1]])}
        />
      </div>
      <Spin spinning={records === null}>
        <Tabs
          items={[
            { key: 'trend', label: '值趋势', children: <LazyChart option={option} height={320} empty={records !== null && records.length === 0} /> },
            {
              key: 'records',
              label: '采样记录',
              children: (
                <div data-testid="sampling-records">
                  <Table<SamplingRecord>
                    size="small"
                    rowKey={(r) => r.sj}
                    columns={COLUMNS}
                    dataSource={records ?? []}
                    pagination={{ ...PAGINATION_DEFAULTS, pageSize: 10 }}
                  />
                </div>
              ),
            },
          ]}
        />
      </Spin>
    </Modal>
  );
}
