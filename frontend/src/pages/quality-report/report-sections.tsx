import { Card, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { EChartsOption } from 'echarts';
import type { MouseEvent } from 'react';
import {
  REPORT_CHART_KEYS,
  REPORT_CHART_SECTION,
  REPORT_TABLE_COLUMNS,
  REPORT_TABLE_KEYS,
  REPORT_TABLE_NAMES,
  REPORT_TABLE_SECTION,
  reportChartOption,
  reportTableCell,
  sectionSentences,
  shownSections,
  type ReportDetail,
  type ReportTableKey,
} from '../../api/reports';
import { IMPROVEMENT_EFFECT_NAMES, IMPROVEMENT_EFFECTS } from '../../api/development-centres';
import { LazyChart } from '../../components/charts/lazy-chart';
import { EFFECT_COLORS } from '../develop-centre/centre-data';
import { PAGINATION_DEFAULTS } from '../../utils/pagination';
import styles from './quality-report.module.css';

const CHART_TITLES: Record<(typeof REPORT_CHART_KEYS)[number], string> = {
  attainment: '目标达成情况',
  grades: '质控点等级分布',
  tasks: '任务完成情况',
  warningBar: '质控点预警次数',
  warningPie: '预警处理情况',
  effects: '改进成效分布',
};

/** The anchor id of a statistics table (a section's links scroll to it). */
export const tableAnchor = (key: ReportTableKey) => `report-table-${key}`;


/** Scrolls to a table without touching the URL (the page's route keeps its ?report=). */
function jump(event: MouseEvent<HTMLAnchorElement>, key: ReportTableKey): void {
  event.preventDefault();
  document.getElementById(tableAnchor(key))?.scrollIntoView({ block: 'start' });
}

/** Long texts (cause analyses, measures) keep one line in the table; the whole text is in the cell's title. */
const LONG_TEXT = new Set(['yyfx', 'gjcs', 'clcs']);
/** The effect names (the table's text) in the portrait's colours. */
const EFFECT_NAME_COLORS = new Map(IMPROVEMENT_EFFECTS.map((effect) => [IMPROVEMENT_EFFECT_NAMES[effect], EFFECT_COLORS[effect]]));

/** The columns of a statistics table: the titles the Word document uses too (REPORT_TABLE_COLUMNS). */
function columnsOf(key: ReportTableKey): ColumnsType<object> {
  return REPORT_TABLE_COLUMNS[key].map((c) => ({
    title: c.title,
    dataIndex: c.key,
    ...(LONG_TEXT.has(c.key) ? { width: 240, ellipsis: { showTitle: true } } : {}),
    ...(c.key === 'cxmc' ? { render: (name: string) => <Tag color={EFFECT_NAME_COLORS.get(name) ?? 'default'}>{name}</Tag> } : {}),
    ...(c.key === 'jgdj' ? { render: (grade: string) => reportTableCell(c.key, grade) } : {}),
  }));
}

/** The overview's shown sections (numbered 1. 2. 3.) with their texts, sentences, charts and table links, then the tables. */
export function ReportSections({ detail }: { detail: ReportDetail }) {
  const overview = detail.overview;
  const tables = detail.tables;
  if (!overview) return null;
  const sections = shownSections(overview.items);
  const shownIds = new Set(sections.map((s) => s.id));
  const tableKeys = REPORT_TABLE_KEYS.filter((key) => shownIds.has(REPORT_TABLE_SECTION[key]));
  return (
    <>
      {sections.map((section) => (
        <section key={section.id} className={styles.section} data-testid={`report-section-${section.id}`}>
          <h3>
            {section.no}. {section.name}
          </h3>
          {section.text && <p className={styles.text}>{section.text}</p>}
          {sectionSentences(section, overview).map((sentence) => (
            <p key={sentence} className={styles.text}>
              {sentence}
            </p>
          ))}
          <div className={styles.charts}>
            {REPORT_CHART_KEYS.filter((key) => REPORT_CHART_SECTION[key] === section.id).map((key) => (
              <Card key={key} size="small" title={CHART_TITLES[key]} data-testid={`report-chart-${key}`}>
                <LazyChart option={reportChartOption(key, overview) as EChartsOption} height={280} />
              </Card>
            ))}
          </div>
          <div className={styles.links}>
            详见：
            {REPORT_TABLE_KEYS.filter((key) => REPORT_TABLE_SECTION[key] === section.id).map((key) => (
              <a key={key} href={`#${tableAnchor(key)}`} onClick={(e) => jump(e, key)}>
                {REPORT_TABLE_NAMES[key]}
              </a>
            ))}
          </div>
        </section>
      ))}
      {tables &&
        tableKeys.map((key) => (
          <section key={key} id={tableAnchor(key)} className={styles.section} data-testid={tableAnchor(key)}>
            <h3>{REPORT_TABLE_NAMES[key]}</h3>
            <Table
              rowKey={(_, i) => String(i)}
              size="small"
              bordered
              columns={columnsOf(key)}
              dataSource={tables[key] as object[]}
              pagination={tables[key].length > 10 ? PAGINATION_DEFAULTS : false}
              scroll={{ x: 'max-content' }}
            />
          </section>
        ))}
    </>
  );
}
