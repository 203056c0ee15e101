import { Card, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { EChartsOption } from 'echarts';
import type { MouseEvent } from 'react';
import {
  REPORT_CHART_KEYS,
  REPORT_CHART_SECTION,
  REPORT_TABLE_KEYS,
  REPORT_TABLE_NAMES,
  REPORT_TABLE_SECTION,
  reportChartOption,
  shownSections,
  type ReportDetail,
  type ReportTableKey,
} from '../../api/reports';
import { LazyChart } from '../../components/charts/lazy-chart';
import type { ReportTables } from '@zhengai/contracts';
import { sectionSentence } from './report-texts';
import styles from './quality-report.module.css';

const CHART_TITLES: Record<(typeof REPORT_CHART_KEYS)[number], string> = {
  attainment: '目标达成情况',
  grades: '质控点等级分布',
  tasks: '任务完成情况',
  warningBar: '质控点预警次数',
  warningPie: '预警处理情况',
};

/** The anchor id of a statistics table (a section's links scroll to it). */
export const tableAnchor = (key: ReportTableKey) => `report-table-${key}`;


/** Scrolls to a table without touching the URL (the page's route keeps its ?report=). */
function jump(event: MouseEvent<HTMLAnchorElement>, key: ReportTableKey): void {
  event.preventDefault();
  document.getElementById(tableAnchor(key))?.scrollIntoView({ block: 'start' });
}

const TABLE_COLUMNS: { [K in ReportTableKey]: ColumnsType<ReportTables[K][number]> } = {
  mbjc: [
    { title: '对象', dataIndex: 'cjname' },
    { title: '一级指标', dataIndex: 'yjzb' },
    { title: '二级指标', dataIndex: 'ejzb' },
    { title: '质控点', dataIndex: 'zkdmc' },
    { title: '目标值', dataIndex: 'mbz' },
    { title: '结果值', dataIndex: 'jgz' },
    { title: '等级', dataIndex: 'jgdj' },
    { title: '达标情况', dataIndex: 'dbqk' },
  ],
  wdbzb: [
    { title: '对象', dataIndex: 'cjname' },
    { title: '二级指标', dataIndex: 'ejzb' },
    { title: '质控点', dataIndex: 'zkdmc' },
    { title: '标准值', dataIndex: 'bzz' },
    { title: '目标值', dataIndex: 'mbz' },
    { title: '结果值', dataIndex: 'jgz' },
    { title: '原因分析', dataIndex: 'yyfx' },
    { title: '改进措施', dataIndex: 'gjcs' },
  ],
  wwcmb: [
    { title: '任务名称', dataIndex: 'rwmc' },
    { title: '年度目标', dataIndex: 'yearTargetName' },
    { title: '责任部门', dataIndex: 'chargeDepartName' },
    { title: '负责人', dataIndex: 'ownerName' },
    { title: '结束时间', dataIndex: 'jssj' },
    { title: '任务进度', dataIndex: 'rwjdmc' },
    { title: '完成进度', dataIndex: 'progress' },
  ],
  yjjl: [
    { title: '对象', dataIndex: 'cjname' },
    { title: '质控点', dataIndex: 'zkdmc' },
    { title: '预警时间', dataIndex: 'yjsj' },
    { title: '预警值', dataIndex: 'yjz' },
    { title: '结果值', dataIndex: 'jgz' },
    { title: '处理时间', dataIndex: 'clsj' },
    { title: '处理措施', dataIndex: 'clcs' },
    { title: '原因分析', dataIndex: 'yyfx' },
  ],
};

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
          <p className={styles.text}>{sectionSentence(section.id, overview, section.num)}</p>
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
              columns={TABLE_COLUMNS[key] as ColumnsType<object>}
              dataSource={tables[key] as object[]}
              pagination={false}
              scroll={{ x: 'max-content' }}
            />
          </section>
        ))}
    </>
  );
}
