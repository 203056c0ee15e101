import { Empty, Pagination, Spin } from 'antd';
import type { ReactNode } from 'react';
import { EMPTY_TEXT } from '../utils/constants';
import { PAGINATION_DEFAULTS } from '../utils/pagination';
import styles from './card-list.module.css';

interface CardListProps<T> {
  loading: boolean;
  /** false until the first answer: the empty state stays blank rather than saying 暂无数据 too early */
  loaded: boolean;
  /** the cards of the current page */
  records: T[];
  total: number;
  current: number;
  pageSize: number;
  onPage(page: number): void;
  renderCard(record: T): ReactNode;
}

/** A page of cards (目标标准, 诊断改进, 年度目标): the grid, the platform's pager under it, or the empty state. */
export function CardList<T>({ loading, loaded, records, total, current, pageSize, onPage, renderCard }: CardListProps<T>) {
  return (
    <Spin spinning={loading}>
      {records.length ? (
        <>
          <div className={styles.cardGrid}>{records.map(renderCard)}</div>
          <Pagination {...PAGINATION_DEFAULTS} className={styles.cardPager} current={current} pageSize={pageSize} total={total} onChange={onPage} />
        </>
      ) : (
        <Empty className={styles.emptyList} image={Empty.PRESENTED_IMAGE_SIMPLE} description={loaded ? EMPTY_TEXT : ' '} />
      )}
    </Spin>
  );
}
