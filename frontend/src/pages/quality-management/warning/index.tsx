import { ReloadOutlined, ScanOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Select, Space, Spin, Statistic } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { DiagnosisTask } from '../../../api/diagnosis';
import { useSearchParams } from 'react-router-dom';
import { exportWarningRows, getWarningScanStatus, startWarningScan, type WarningRow } from '../../../api/warnings';
import { ExportButton } from '../../../components/export-button';
import { useAuth } from '../../../auth/auth-context';
import { isAdministrator } from '../../../auth/roles';
import { EMPTY_TEXT } from '../../../utils/constants';
import { DisposeModal } from '../improvement/components/dispose-modals';
import { PointDrawer } from '../improvement/components/point-drawer';
import { useTaskPage } from '../improvement/hooks';
import { WARNING_TEXTS } from '../improvement/warning-values';
import { pollUntilDone } from '../standard/library-values';
import { WarningTable } from './components/warning-table';
import { useTaskWarnings } from './hooks';
import layout from '../../../components/page-layout.module.css';
import styles from './warning.module.css';
import { levelTitle, type LevelPageProps } from '../../level-page';

interface Opened {
  key: number;
  open: boolean;
  row: WarningRow;
}

/** Tasks the picker offers at a time: the person types to find others (the server searches). */
const PICKER_SIZE = 20;

/**
 * /qualityManagement/warning (menu 监测预警): an object's task picked from those the person may open (searched by the
 * server), its warning counts (预警总数, 已处理) and its warning table; 处理 handles a point's open warning, 详情 opens
 * the point's drawer on 预警历史. Administrators start a scan with 立即扫描. A centre's 监测预警 offers its level's tasks.
 */
export default function WarningManagePage(props: LevelPageProps) {
  const { message } = App.useApp();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const list = useTaskPage(props.level ?? null, { keyword: search }, 1, true, PICKER_SIZE);
  const tasks = list.page?.records ?? null;
  // the task picked (at first the first one) stays known while a search shows others
  const [picked, setPicked] = useState<DiagnosisTask | null>(null);
  if (!picked && !search && tasks?.[0] && !params.get('task')) setPicked(tasks[0]);
  const taskId = params.get('task') ?? picked?.id ?? null;
  const warnings = useTaskWarnings(taskId);
  const task = (picked?.id === taskId ? picked : null) ?? tasks?.find((t) => t.id === taskId) ?? null;
  const canHandle = task?.canHandleWarnings === true;
  const options = [...(task && !tasks?.some((t) => t.id === task.id) ? [task] : []), ...(tasks ?? [])];
  // nothing to pick only when the person reads no task at all (not when a search found none)
  const none = tasks !== null && tasks.length === 0 && !search && !task;
  const [drawer, setDrawer] = useState<Opened | null>(null);
  const [handling, setHandling] = useState<WarningRow | null>(null);
  const [scanning, setScanning] = useState(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const scan = async () => {
    setScanning(true);
    try {
      const { jobId } = await startWarningScan();
      const done = await pollUntilDone(() => getWarningScanStatus(jobId), { cancelled: () => !mounted.current });
      if (!done) return;
      warnings.reload();
      void message.success(WARNING_TEXTS.scanned);
    } catch {
      // shown by the request layer
    } finally {
      if (mounted.current) setScanning(false);
    }
  };

  const counts = warnings.counts;
  const toolbar = (
    <Space>
      {isAdministrator(user) && (
        <Button type="primary" icon={<ScanOutlined />} loading={scanning} onClick={() => void scan()}>
          立即扫描
        </Button>
      )}
      <Button icon={<ReloadOutlined />} onClick={warnings.reload} disabled={!taskId}>
        刷新
      </Button>
    </Space>
  );

  return (
    <Card title={levelTitle('监测预警', props)} extra={toolbar} className={layout.wrapHead}>
      <Spin spinning={tasks === null && !task}>
        {none ? (
          <Empty className={styles.emptyList} image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} />
        ) : (
          <>
            <div className={layout.bar}>
              <div className={styles.taskPicker}>
                <span>诊断任务：</span>
                <Select
                  aria-label="诊断任务"
                  className={styles.taskSelect}
                  showSearch={{ filterOption: false, onSearch: setSearch }}
                  loading={list.loading}
                  placeholder="请选择诊断任务"
                  value={taskId ?? undefined}
                  options={options.map((t) => ({ value: t.id, label: t.rwmc }))}
                  onChange={(id: string) => {
                    setPicked(options.find((t) => t.id === id) ?? null);
                    setSearch('');
                    setParams({ task: id }, { replace: true });
                  }}
                />
              </div>
              {taskId && <ExportButton run={() => exportWarningRows(taskId)} fallbackName="预警列表.xlsx" disabled={!warnings.rows?.length} />}
            </div>
            <div className={styles.counts}>
              <Card size="small" className={styles.countCard} data-testid="count-all">
                <Statistic title="预警总数" value={counts?.allNum ?? 0} loading={warnings.loading && !counts} />
              </Card>
              <Card size="small" className={styles.countCard} data-testid="count-disposed">
                <Statistic title="已处理" value={counts?.disposeNum ?? 0} loading={warnings.loading && !counts} styles={{ content: { color: '#52c41a' } }} />
              </Card>
              <Card size="small" className={styles.countCard} data-testid="count-open">
                <Statistic
                  title="未处理"
                  value={Math.max(0, (counts?.allNum ?? 0) - (counts?.disposeNum ?? 0))}
                  loading={warnings.loading && !counts}
                  styles={{ content: { color: counts && counts.allNum > counts.disposeNum ? '#fa8c16' : undefined } }}
                />
              </Card>
            </div>
            <WarningTable
              rows={warnings.rows}
              loading={warnings.loading}
              canHandle={canHandle}
              onHandle={setHandling}
              onDetail={(row) => setDrawer((current) => ({ key: (current?.key ?? 0) + 1, open: true, row }))}
            />
          </>
        )}
      </Spin>
      {drawer && taskId && (
        <PointDrawer
          key={drawer.key}
          open={drawer.open}
          taskId={taskId}
          pointId={drawer.row.zgzkdid}
          pointName={drawer.row.zkdmc}
          initialTab="warnings"
          canHandle={canHandle}
          onClose={() => setDrawer((current) => current && { ...current, open: false })}
          afterClose={() => setDrawer((current) => (current && !current.open ? null : current))}
          onDisposed={warnings.reload}
        />
      )}
      {handling?.latestId && (
        <DisposeModal
          open
          warningId={handling.latestId}
          pointName={handling.zkdmc}
          onClose={() => setHandling(null)}
          onDone={() => {
            setHandling(null);
            warnings.reload();
          }}
          onStale={() => {
            setHandling(null);
            warnings.reload();
          }}
        />
      )}
    </Card>
  );
}
