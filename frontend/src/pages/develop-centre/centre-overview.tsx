import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import { Card, Empty, Grid, Input, Select, Table } from 'antd';
import { useMemo, useState } from 'react';
import {
  CENTRE_MESSAGES, CENTRES, exportCentre, getCentreCycles, getCentreOverview, type CentreFilter, type CentreLevel, type CentreRow,
} from '../../api/development-centres';
import { objectOptions } from '../../api/diagnosis-objects';
import type { DepartmentNode } from '../../api/types';
import { getDepartmentTree } from '../../api/user';
import { DepartmentTreeSelect } from '../../components/department-tree-select';
import { ExportButton } from '../../components/export-button';
import layout from '../../components/page-layout.module.css';
import { useRequest } from '../../hooks/use-request';
import { EMPTY_TEXT } from '../../utils/constants';
import { formatPercent } from '../../utils/formatters';
import { PAGINATION_DEFAULTS } from '../../utils/pagination';
import { departmentOptions } from '../data-manage/department-tree';
import { centreColumns, columnsWidth } from './centre-columns';
import { DEFAULT_SORT, figureCards, PAGE_SIZE, portraitPath, sortFromTable, trendText, type FigureCard, type SortOrder, type SortState } from './centre-data';
import styles from './centre.module.css';

interface Filter {
  cycle: string | null;
  departmentId: string | null;
  majorId: string | null;
  keyword: string;
}
const NO_FILTER: Filter = { cycle: null, departmentId: null, majorId: null, keyword: '' };
const NO_TREE: DepartmentNode[] = [];
/** A school has a few dozen majors; the picker of objects stops at 200 too. */
const MAJOR_CHOICES = 200;

/**
 * The major filter's choices: the department's majors from the objects' picker; who may not list objects there (only
 * administrators and publishers may) gets the majors they read in the major centre instead.
 */
async function majorChoices(departmentId: string | null): Promise<{ value: string; label: string }[]> {
  try {
    return (await objectOptions({ level: 'major', departmentId }, { silent: true })).map((m) => ({ value: m.value, label: m.text }));
  } catch {
    const majors = await getCentreOverview({ level: 'major', departmentId, sort: 'code', order: 'asc', pageNum: 1, pageSize: MAJOR_CHOICES }, { silent: true });
    return majors.page.records.map((r) => ({ value: r.objectId, label: `${r.code} ${r.name}` }));
  }
}

const TREND_ICONS = { up: <ArrowUpOutlined />, down: <ArrowDownOutlined />, same: <MinusOutlined /> };

function Figure({ card }: { card: FigureCard }) {
  return (
    <div className={styles.figure} data-testid="centre-figure">
      <div className={styles.figureTitle}>{card.title}</div>
      <div className={styles.figureValue}>{card.rate === null ? '-' : formatPercent(card.rate)}</div>
      <div className={styles.figureCounts}>{card.counts ?? '-'}</div>
      <div className={card.trend ? styles[card.trend] : styles.none} data-trend={card.trend ?? 'none'}>
        {card.trend && TREND_ICONS[card.trend]} {trendText(card)}
      </div>
    </div>
  );
}

/** A centre's overview (issue 33): the level's figures of a cycle against the last one, then its objects, filtered, sorted by the server, paged. */
export function CentreOverview({ level, path, title }: { level: CentreLevel; path: string; title: string }) {
  const centre = CENTRES[level];
  const withMajor = level === 'course' || level === 'student';
  const narrow = !Grid.useBreakpoint().sm;
  const [filter, setFilter] = useState<Filter>(NO_FILTER);
  const [keyword, setKeyword] = useState('');
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [pageNum, setPageNum] = useState(1);

  const cycles = useRequest(() => getCentreCycles(level), `cycles-${level}`);
  const tree = useRequest(() => getDepartmentTree(), 'tree').data ?? NO_TREE;
  const departments = useMemo(() => departmentOptions(tree), [tree]);
  const majors = useRequest(withMajor ? () => majorChoices(filter.departmentId) : null, `majors-${filter.departmentId ?? ''}`);

  const query: CentreFilter = {
    level,
    cycle: filter.cycle,
    departmentId: filter.departmentId,
    majorId: withMajor ? filter.majorId : null,
    keyword: filter.keyword || undefined,
    sort: sort.sort,
    order: sort.order,
  };
  const overview = useRequest(() => getCentreOverview({ ...query, pageNum, pageSize: PAGE_SIZE }), JSON.stringify([query, pageNum]));
  const data = overview.data;
  const cards = figureCards(data?.figures ?? null, data?.lastFigures ?? null);
  const columns = centreColumns({ level, sort, linkOf: (row: CentreRow) => portraitPath(path, row.objectId) });

  const change = (next: Partial<Filter>) => {
    setFilter((f) => ({ ...f, ...next }));
    setPageNum(1);
  };
  const noCycle = cycles.data !== null && cycles.data.cycles.length === 0;
  const width = (px: number) => (narrow ? '100%' : px);

  return (
    <Card title={title} className={styles.card}>
      {noCycle ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`${CENTRE_MESSAGES.noCycle}：尚未下发${centre.objectName}层面的诊断任务`} data-testid="centre-empty" />
      ) : (
        <>
          <div className={styles.figures} data-testid="centre-figures">
            {cards.map((card) => (
              <Figure key={card.key} card={card} />
            ))}
          </div>
          <div className={layout.bar}>
            <div className={styles.filters}>
              <Select
                aria-label="诊断周期"
                placeholder="诊断周期"
                value={filter.cycle ?? data?.cycle ?? cycles.data?.current ?? undefined}
                loading={cycles.loading}
                options={(cycles.data?.cycles ?? []).map((c) => ({ value: c, label: c }))}
                notFoundContent={EMPTY_TEXT}
                onChange={(cycle: string) => change({ cycle })}
                style={{ width: width(140) }}
              />
              <DepartmentTreeSelect
                aria-label="部门"
                placeholder="全部部门"
                treeData={departments}
                value={filter.departmentId ?? undefined}
                onChange={(departmentId?: string | null) => change({ departmentId: departmentId ?? null, majorId: null })}
                style={{ width: width(200) }}
              />
              {withMajor && (
                <Select
                  aria-label="所属专业"
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder="全部专业"
                  value={filter.majorId ?? undefined}
                  loading={majors.loading}
                  notFoundContent={EMPTY_TEXT}
                  options={majors.data ?? []}
                  onChange={(majorId?: string | null) => change({ majorId: majorId ?? null })}
                  style={{ width: width(200) }}
                />
              )}
              <Input.Search
                aria-label="代码/名称"
                allowClear
                maxLength={60}
                placeholder={`${centre.objectName}代码或名称`}
                value={keyword}
                onChange={(e) => {
                  setKeyword(e.target.value);
                  if (!e.target.value) change({ keyword: '' });
                }}
                onSearch={(text) => change({ keyword: text.trim() })}
                style={{ width: width(220) }}
              />
            </div>
            <ExportButton run={() => exportCentre(query)} fallbackName={`${centre.name}${data?.cycle ?? ''}.xlsx`} disabled={!data?.page.total} />
          </div>
          <Table<CentreRow>
            rowKey="objectId"
            data-testid="centre-table"
            size="middle"
            columns={columns}
            dataSource={data?.page.records ?? []}
            loading={overview.loading}
            scroll={{ x: columnsWidth(columns) }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`暂无${centre.objectName}`} /> }}
            onChange={(_p, _f, sorter, extra) => {
              if (extra.action !== 'sort') return;
              const one = Array.isArray(sorter) ? sorter[0] : sorter;
              setSort(sortFromTable(one?.columnKey ?? one?.field, one?.order as SortOrder | undefined));
              setPageNum(1);
            }}
            pagination={{ ...PAGINATION_DEFAULTS, current: pageNum, pageSize: PAGE_SIZE, total: data?.page.total ?? 0, onChange: setPageNum }}
          />
        </>
      )}
    </Card>
  );
}
