import { DownOutlined, LineChartOutlined, PaperClipOutlined, RightOutlined } from '@ant-design/icons';
import { useNarrowWindow } from '../../../../hooks/use-narrow-window';
import { Button, Empty, Table, Tooltip, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import type { QualityRow, QualityTable as QualityTableData } from '../../../../api/diagnosis';
import { ATTAINMENT_HELP, GRADE_HELP } from '@zhengai/contracts';
import { EMPTY_TEXT } from '../../../../utils/constants';
import { hierarchySpansByKey } from '../hierarchy';
import { formatValue, gradeReading, missesTarget, missReading } from '../quality-values';
import { RowEditor, RowTexts } from './row-editor';
import { EffectiveValue, GradeTag, MissTag } from './value-cells';
import styles from '../improvement.module.css';
import { LongText } from '../../../../components/long-text/long-text';

/** The table's scroll area (001 §2, 000 §9): 1700 wide, 600 high, no paging. */
export const TABLE_SCROLL = { x: 1700, y: 600 } as const;
/** Hierarchy columns stay on the left while scrolling when there are this many levels or fewer. */
const MAX_FIXED_LEVELS = 3;
const LEVEL_WIDTH = 100;

interface QualityTableProps {
  table: QualityTableData;
  /** the rows to show (all, or only those that miss) */
  rows: QualityRow[];
  loading: boolean;
  onOpenPoint(row: QualityRow): void;
  onAttachments(row: QualityRow): void;
  onSampling(row: QualityRow): void;
  onSaved(row: QualityRow): void;
  onStale(): void;
}

/**
 * The quality-point table of 001 §2: the indicator hierarchy (merged cells), name (opens the detail drawer),
 * connotation, diagnostic standard, standard value, target and result (revised values first), grades of
 * this and the last period, sampling analysis and attachments. Each row expands to its cause analysis and
 * improvement measure: inputs in edit mode, text otherwise.
 */
export function QualityTable({ table, rows, loading, onOpenPoint, onAttachments, onSampling, onSaved, onStale }: QualityTableProps) {
  // On a phone the hierarchy's columns alone would fill the screen: its path goes under each point's name instead, and
  // the name stays fixed beside the figures (house rule: every screen works at 390 px).
  const narrow = useNarrowWindow();
  const levels = narrow ? [] : table.levelTitles;
  const fixLeft = levels.length <= MAX_FIXED_LEVELS ? ('left' as const) : undefined;
  const spans = useMemo(() => hierarchySpansByKey(rows, (r) => r.id, (r) => r.indicatorPath ?? [], levels.length), [rows, levels.length]);

  const columns: TableColumnsType<QualityRow> = [
    ...levels.map((title, level) => ({
      title,
      key: `level-${level}`,
      width: LEVEL_WIDTH,
      fixed: fixLeft,
      className: styles.levelCell,
      render: (_v: unknown, row: QualityRow) => row.indicatorPath?.[level] ?? '',
      onCell: (row: QualityRow) => ({ rowSpan: spans.get(row.id)?.[level] ?? 1 }),
    })),
    Table.EXPAND_COLUMN,
    {
      title: '质控点名称',
      key: 'zkdmc',
      width: 170,
      fixed: fixLeft,
      render: (_v, row) => (
        <div className={styles.nameCell}>
          <Button type="link" size="small" autoInsertSpace={false} className={styles.pointName} data-testid="point-name" onClick={() => onOpenPoint(row)}>
            {row.zkdmc}
          </Button>
          <MissTag reading={missReading(row)} />
          {narrow && row.indicatorPath?.length ? (
            <div className={styles.pointPath} data-testid="point-path">
              {row.indicatorPath.join(' / ')}
            </div>
          ) : null}
        </div>
      ),
    },
    { title: <Tooltip title="本期结果低于标准值即为未完成、未达标">标准值</Tooltip>, key: 'bzz', width: 90, render: (_v, row) => formatValue(row.zlx, row.bzz) },
    {
      title: '目标值',
      key: 'mbz',
      width: 90,
      render: (_v, row) => <EffectiveValue type={row.zlx} original={row.mbz} revised={row.xzmbz} originalLabel="原目标值" />,
    },
    {
      title: '本期结果',
      key: 'jgz',
      width: 100,
      render: (_v, row) => <EffectiveValue type={row.zlx} original={row.jgz} revised={row.xzjgz} originalLabel="原结果值" />,
    },
    { title: <Tooltip title={`${GRADE_HELP}${ATTAINMENT_HELP}`}>本期等级</Tooltip>, key: 'jgdj', width: 90, render: (_v, row) => <GradeTag grade={row.jgdj} reading={gradeReading(row)} /> },
    { title: '上期结果', key: 'sljsz', width: 100, render: (_v, row) => formatValue(row.zlx, row.sljsz) },
    { title: '上期等级', key: 'sldj', width: 90, render: (_v, row) => <GradeTag grade={row.sldj} /> },
    // the long texts after the figures: at 1366 px the figures a person came for are in view beside the fixed name (issue 35)
    { title: '内涵', key: 'nh', width: 180, render: (_v, row) => <LongText text={row.nh} /> },
    { title: '诊断标准', key: 'zdbz', width: 180, render: (_v, row) => <LongText text={row.zdbz} /> },
    {
      title: '采样分析',
      key: 'sampling',
      width: 90,
      align: 'center',
      render: (_v, row) => (
        <Tooltip title="采样分析">
          <Button type="link" size="small" icon={<LineChartOutlined />} aria-label="采样分析" onClick={() => onSampling(row)} />
        </Tooltip>
      ),
    },
    {
      title: '附件',
      key: 'files',
      width: 80,
      align: 'center',
      render: (_v, row) => (
        <Button type="link" size="small" icon={<PaperClipOutlined />} aria-label={`附件（${row.qualityFileList?.length ?? 0}）`} onClick={() => onAttachments(row)}>
          {row.qualityFileList?.length ?? 0}
        </Button>
      ),
    },
  ];

  return (
    <div data-testid="quality-table">
      <Table<QualityRow>
        aria-label="质控点列表"
        className={styles.qualityTable}
        rowKey="id"
        bordered
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        scroll={TABLE_SCROLL}
        rowClassName={(row) => (missesTarget(row) ? styles.missRow : '')}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} /> }}
        expandable={{
          columnWidth: 40,
          fixed: fixLeft,
          // the hierarchy cells span the expanded rows too; the texts open beside them
          expandedRowOffset: levels.length,
          expandIcon: ({ expanded, onExpand, record }) => (
            <Button
              type="text"
              size="small"
              aria-label={expanded ? '收起' : '展开'}
              aria-expanded={expanded}
              icon={expanded ? <DownOutlined /> : <RightOutlined />}
              onClick={(e) => onExpand(record, e)}
            />
          ),
          expandedRowRender: (row) =>
            table.isedit ? <RowEditor row={row} taskId={table.task.id} onSaved={onSaved} onStale={onStale} /> : <RowTexts row={row} />,
        }}
      />
    </div>
  );
}
