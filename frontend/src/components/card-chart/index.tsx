// One card's figures drawn as its chart (line, bar, radar, pie) or as a big number; CardTile loads them by id.
import type { CardChart as CardChartKind, CardData } from '@zhengai/contracts';
import { Card, Empty, Skeleton } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { cardData } from '../../api/school-analysis';
import { useRequest } from '../../hooks/use-request';
import { EMPTY_TEXT } from '../../utils/constants';
import { relativeTime } from '../../utils/relative-time';
import { LazyChart } from '../charts/lazy-chart';
import { CARD_PALETTE, cardNumber, cardOption } from './card-option';

export interface CardChartProps {
  data: CardData;
  /** the chart to draw (defaults to the card's own) */
  chart?: CardChartKind;
  height?: number;
  dark?: boolean;
}

/** The figures of one card; 暂无数据 when there are none. */
export function CardChart({ data, chart = data.chart, height = 260, dark }: CardChartProps) {
  const option = useMemo(() => cardOption(data, chart, { dark }), [data, chart, dark]);
  if (chart === 'number') {
    const n = cardNumber(data);
    return (
      <div data-testid="card-number" style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center', flexDirection: 'column' }}>
        {n === null ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} />
        ) : (
          <>
            <span style={{ fontSize: 48, fontWeight: 600, color: CARD_PALETTE[0] }}>
              {n}
              {data.unit && <span style={{ fontSize: 18, marginLeft: 4 }}>{data.unit}</span>}
            </span>
            {data.series[0]?.name && <span style={{ color: dark ? '#d6e4ff' : '#888' }}>{data.series[0].name}</span>}
          </>
        )}
      </div>
    );
  }
  return <LazyChart option={option} height={height} empty={!option} />;
}

export interface CardTileProps {
  cardId: string;
  /** the title when the figures have not come yet */
  title?: string;
  chart?: CardChartKind;
  height?: number;
  extra?: ReactNode;
  dark?: boolean;
  className?: string;
}

/** A card (antd Card) that loads and draws one portrait card's figures, with when they were read. */
export function CardTile({ cardId, title, chart, height = 260, extra, dark, className }: CardTileProps) {
  const figures = useRequest(() => cardData(cardId, { silent: true }), `card:${cardId}`);
  const data = figures.data;
  return (
    <Card
      size="small"
      className={className}
      data-testid="card-tile"
      title={data?.name ?? title ?? ''}
      extra={
        <>
          {data && <span style={{ color: dark ? '#8fb3e6' : '#999', fontSize: 12, marginRight: extra ? 8 : 0 }}>{relativeTime(data.at)}</span>}
          {extra}
        </>
      }
      style={dark ? { background: 'rgba(9,34,77,0.6)', borderColor: '#1d4f91', color: '#d6e4ff' } : undefined}
      styles={dark ? { header: { color: '#d6e4ff', borderColor: '#1d4f91' } } : undefined}
    >
      {data ? (
        <CardChart data={data} chart={chart} height={height} dark={dark} />
      ) : figures.failed ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="加载失败" style={{ height }} />
      ) : (
        <Skeleton active style={{ height }} />
      )}
    </Card>
  );
}
