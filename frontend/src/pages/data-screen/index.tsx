// 数据大屏 (/dataScreen, 000 §2): the platform's live quality figures on a wall, refreshing itself.
import { FullscreenOutlined, QuestionCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { POINT_GRADES_HELP } from '@zhengai/contracts';
import { Button, Empty, Tooltip } from 'antd';
import { useMemo, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { LazyChart } from '../../components/charts/lazy-chart';
import { ProgressRing } from '../../components/progress-ring';
import { useSystemSetting } from '../../hooks/use-system-setting';
import { EMPTY_TEXT } from '../../utils/constants';
import { formatDateTime, formatPercent } from '../../utils/formatters';
import styles from './data-screen.module.css';
import { useClock, useDataScreen } from './hooks';
import { countsBar, countsPie, figure, rateText, refreshMs, trendLine } from './screen-data';

const DYNAMIC_PATH = '/dataScreen/dynamic';

export default function DataScreenPage() {
  const { search } = useLocation();
  const period = refreshMs(search);
  const { data, failed, receivedAt } = useDataScreen(period);
  const { systemName: shellName } = useSystemSetting();
  const host = useRef<HTMLDivElement>(null);
  const monitoring = data?.monitoring;

  // options change only with a new answer; LazyChart keeps its echarts instance and calls setOption
  const grades = useMemo(() => (monitoring ? countsPie(monitoring.pointsByGrade) : null), [monitoring]);
  const warnings = useMemo(() => (monitoring ? countsBar(monitoring.warningsByState) : null), [monitoring]);
  const tasks = useMemo(() => (monitoring ? countsPie(monitoring.tasksByState) : null), [monitoring]);
  const trend = useMemo(() => (data ? trendLine(data.trend) : null), [data]);
  const collection = data ? figure(data, 'collection') : null;

  const fullScreen = () => {
    void host.current?.requestFullscreen?.().catch(() => undefined);
  };

  return (
    <div ref={host} className={styles.screen} data-testid="data-screen">
      <div className={styles.top}>
        <div className={styles.tools}>
          <Button size="small" ghost icon={<FullscreenOutlined />} onClick={fullScreen}>
            全屏
          </Button>
          <Link to={DYNAMIC_PATH}>
            <Button size="small" ghost>
              动态大屏
            </Button>
          </Link>
          {failed && (
            <span className={styles.failed} data-testid="screen-failed" title="将在下次刷新时重试">
              更新失败
            </span>
          )}
        </div>
        <h1 className={styles.title}>{`${data?.systemName ?? shellName}数据大屏`}</h1>
        <Clock receivedAt={receivedAt} />
      </div>
      <div className={styles.grid}>
        <Panel title="质控点等级" help={POINT_GRADES_HELP}>
          <LazyChart option={grades} height={250} />
        </Panel>
        <Panel title="采集率">
          <div className={styles.ring}>
            <div className={styles.ringFace}>
              <ProgressRing value={collection?.progress ?? '0'} label={collection?.label ?? '自动采集率'} tone="dark" />
            </div>
            <div className={styles.figures}>
              {monitoring?.figures
                .filter((f) => f.key !== 'collection')
                .map((f) => (
                  <div key={f.key} data-testid="screen-figure">
                    <div>{f.label}</div>
                    <span className={styles.figureValue}>{formatPercent(f.progress)}</span>
                    <span style={{ marginLeft: 6, opacity: 0.7 }}>
                      {f.value}/{f.target}
                    </span>
                  </div>
                ))}
            </div>
          </div>
        </Panel>
        <Panel title="预警情况">
          <LazyChart option={warnings} height={250} />
        </Panel>
        <Panel title="任务完成">
          <LazyChart option={tasks} height={250} />
        </Panel>
        <Panel title={data ? `${data.trend.name}（本校与均值）` : '指标趋势'}>
          <LazyChart option={trend} height={250} />
        </Panel>
        <Panel title={data?.ownSchool ? `竞争对手排名 · ${data.ownSchool.schoolName}` : '竞争对手排名'}>
          {data && data.rivalRanks.length > 0 ? (
            <ul className={styles.ranks} data-testid="rival-ranks">
              {data.rivalRanks.map((r) => (
                <li key={r.indicator}>
                  <span>{r.name}</span>
                  <span>
                    第 <span className={styles.rank}>{r.rank ?? '-'}</span> / {r.total}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={data ? (data.ownSchool ? EMPTY_TEXT : '尚未设置本校') : EMPTY_TEXT} />
          )}
        </Panel>
        <Panel title="改进成效 · 改进有效率" wide>
          {data ? (
            <ul className={styles.effects} data-testid="screen-improvement">
              {data.improvement.map((l) => (
                <li key={l.level} data-testid={`screen-improvement-${l.level}`}>
                  <div className={styles.effectLevel}>
                    {l.name}
                    <span>{l.cycle ?? EMPTY_TEXT}</span>
                  </div>
                  <div className={styles.figureValue}>{rateText(l.improvementRate)}</div>
                  <div className={styles.effectCounts}>
                    有效 {l.effective} / 措施 {l.measures}
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} />
          )}
        </Panel>
      </div>
    </div>
  );
}

function Panel({ title, help, children, wide = false }: { title: string; help?: string; children: ReactNode; wide?: boolean }) {
  return (
    <section className={wide ? `${styles.panel} ${styles.wide}` : styles.panel}>
      <h3>
        {title}
        {help && (
          <Tooltip title={help}>
            <QuestionCircleOutlined aria-label={`${title}说明`} data-testid="panel-help" style={{ marginLeft: 6, fontSize: 14, opacity: 0.7 }} />
          </Tooltip>
        )}
      </h3>
      {children}
    </section>
  );
}

/** The clock ticks by itself so the charts do not re-render every second. */
function Clock({ receivedAt }: { receivedAt: Date | null }) {
  const now = useClock();
  return (
    <div className={styles.clock} data-testid="screen-clock">
      <div>{formatDateTime(now)}</div>
      {receivedAt && (
        <div style={{ fontSize: 12, opacity: 0.7 }}>
          <ReloadOutlined /> 数据更新于 {formatDateTime(receivedAt)}
        </div>
      )}
    </div>
  );
}
