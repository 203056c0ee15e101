import { Card, Tabs } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAuth } from '../../auth/auth-context';
import { ADMIN_ROLE_ID } from '../../auth/roles';
import { CoverList } from './covers';
import { ReportList } from './report-list';
import { ReportView } from './report-view';
import { TemplateList } from './templates';

/** Who manages templates and covers (the server's rule; here only to hide what it would refuse). */
const MANAGER_ROLE_IDS = [ADMIN_ROLE_ID, 'r-publisher'];

type TabKey = 'reports' | 'templates' | 'covers';

/**
 * /qualityManagement/qualityReport (质量报告, issue 14): 报告列表 for everyone with the menu, 报告模板 and 报告封面 for
 * managers (admin, yearTargetPublisher); a report opens full width as `?report=<id>`, with a link back.
 */
export default function QualityReportPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<TabKey>('reports');
  const reportId = params.get('report');
  const roleIds = [...(user?.roleIdList ?? []), ...(user?.roles ?? []).map((r) => r.roleId)];
  const canManage = roleIds.some((id) => MANAGER_ROLE_IDS.includes(id));
  const openReport = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete('report');
      else next.set('report', id);
      return next;
    });

  if (reportId) return <ReportView key={reportId} reportId={reportId} onBack={() => openReport(null)} />;

  const items = [{ key: 'reports', label: '报告列表', children: <ReportList onOpen={openReport} /> }];
  if (canManage) {
    items.push(
      { key: 'templates', label: '报告模板', children: <TemplateList canManage={canManage} /> },
      { key: 'covers', label: '报告封面', children: <CoverList canManage={canManage} /> },
    );
  }
  return (
    <Card title="质量报告">
      <Tabs activeKey={canManage ? tab : 'reports'} onChange={(key) => setTab(key as TabKey)} items={items} destroyOnHidden />
    </Card>
  );
}
