import { Empty, Spin } from 'antd';
import type { ECharts, EChartsOption } from 'echarts';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { EMPTY_TEXT } from '../../utils/constants';
import { REDUCED_MOTION } from '../../utils/reduced-motion';
import { hasChartData } from './chart-data';

// The only door to echarts: a dynamic import of the parts the app uses, so its chunk loads with the first chart shown.
let echartsModule: Promise<typeof import('./echarts-parts')> | null = null;
function loadEcharts(): Promise<typeof import('./echarts-parts')> {
  echartsModule ??= import('./echarts-parts');
  return echartsModule;
}

export interface LazyChartProps {
  option: EChartsOption | null | undefined;
  height?: number | string;
  /** force the empty placeholder (e.g. the caller knows the answer was empty) */
  empty?: boolean;
  className?: string;
  style?: CSSProperties;
}

/** An ECharts chart that shows 暂无数据 instead of an empty canvas when there is nothing to draw. */
export function LazyChart({ option, height = 300, empty, className, style }: LazyChartProps) {
  if (empty || !option || !hasChartData(option as Parameters<typeof hasChartData>[0])) {
    return (
      <div className={className} style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center', ...style }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} />
      </div>
    );
  }
  return <ChartCanvas option={option} height={height} className={className} style={style} />;
}

function ChartCanvas({ option, height, className, style }: { option: EChartsOption } & Omit<LazyChartProps, 'option'>) {
  const host = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ECharts | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let instance: ECharts | null = null;
    let cancelled = false;
    const observer = new ResizeObserver(() => instance?.resize());
    loadEcharts().then(
      (echarts) => {
        if (cancelled) return;
        instance = echarts.init(element);
        observer.observe(element);
        setChart(instance);
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      observer.disconnect();
      instance?.dispose();
    };
  }, []);

  useEffect(() => {
    // replace, not merge: a series removed by the caller must disappear
    chart?.setOption(REDUCED_MOTION ? { ...option, animation: false } : option, true);
  }, [chart, option]);

  if (failed) {
    return (
      <div className={className} style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center', ...style }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="图表加载失败" />
      </div>
    );
  }
  return (
    <Spin spinning={!chart}>
      <div ref={host} className={className} style={{ height, width: '100%', ...style }} />
    </Spin>
  );
}
