import type { DashboardTile } from '@zhengai/contracts';
import { Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { CardTile } from '../../components/card-chart';

/** The tiles of a dashboard as cards: half width (two a row on wide screens) or full width. */
export function DashboardTiles({ tiles, titles, extra }: { tiles: DashboardTile[]; titles?: Record<string, string>; extra?: (tile: DashboardTile, index: number) => ReactNode }) {
  return (
    <Row gutter={[16, 16]}>
      {tiles.map((tile, i) => (
        <Col key={tile.cardId} xs={24} xl={tile.width === 2 ? 24 : 12} data-testid="dashboard-tile">
          <CardTile cardId={tile.cardId} title={titles?.[tile.cardId]} chart={tile.chart} extra={extra?.(tile, i)} />
        </Col>
      ))}
    </Row>
  );
}
