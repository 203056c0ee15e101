import { Card, Tabs } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CoverList } from './covers';
import { ReportList } from './report-list';
import { ReportView } from './report-view';
import { TemplateList } from './templates';
import { levelTitle, type LevelPageProps } from '../level-page';

type TabKey = 'reports' | 'templates' | 'covers';

/**
 * /qualityManagement/qualityReport (质量报告, issue 14): 报告列表 for everyone with the menu, 报告模板 and 报告封面 for
 * managers (admin, yearTargetPublisher); a report opens full width as `?report=<id>`, with a link back. A centre's
 * 质量报告 (`/majorDevelopCenter/qualityReport` …) lists the reports with a scope of its level and generates such ones.
 */
export default function QualityReportPage(props: LevelPageProps) {
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<TabKey>('reports');
  const reportId = params.get('report');
  // Who manages templates and covers is the server's answer (report/select's canManageTemplates), never a role list here.
  const [canManage, setCanManage] = useState(false);
  const openReport = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete('report');
      else next.set('report', id);
      return next;
    });

  if (reportId) return <ReportView key={reportId} reportId={reportId} onBack={() => openReport(null)} />;

  const items = [{ key: 'reports', label: '报告列表', children: <ReportList onOpen={openReport} onRights={setCanManage} level={props.level ?? null} /> }];
  if (canManage) {
    items.push(
      { key: 'templates', label: '报告模板', children: <TemplateList canManage={canManage} /> },
      { key: 'covers', label: '报告封面', children: <CoverList canManage={canManage} /> },
    );
  }
  return (
    <Card title={levelTitle('质量报告', props)}>
      <Tabs activeKey={canManage ? tab : 'reports'} onChange={(key) => setTab(key as TabKey)} items={items} destroyOnHidden />
    </Card>
  );
}
