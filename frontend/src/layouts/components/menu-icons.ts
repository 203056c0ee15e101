// Which icon each first-level sidebar entry shows, by the icon's name (side-menu.tsx draws it): a collapsed sidebar
// shows only icons, so no two entries under one top menu share one (issue 35: distinct menu icons). Plain data, so the
// rule is unit-tested without the icon library.

export const MENU_ICONS = {
  ly_herm_dataScreen_dynamicScreen: 'FundProjectionScreenOutlined',
  ly_herm_standard: 'AimOutlined',
  ly_herm_improvement: 'SolutionOutlined',
  ly_herm_diagnosis_launch: 'SendOutlined',
  ly_herm_monitorWarning: 'AlertOutlined',
  ly_herm_qualityReport: 'FileTextOutlined',
  ly_herm_annual_wbs: 'ScheduleOutlined',
  ly_herm_intelligentAnalysis_rival: 'SwapOutlined',
  ly_herm_intelligentAnalysis_indicator: 'BarChartOutlined',
  ly_herm_intelligentAnalysis_monitoring: 'DashboardOutlined',
  ly_herm_intelligentAnalysis_portrayal: 'IdcardOutlined',
  ly_herm_intelligentAnalysis_subscription: 'StarOutlined',
  ly_herm_intelligentAnalysis_schools: 'BankOutlined',
  ly_herm_intelligentAnalysis_portrayalManage: 'SettingOutlined',
  ly_herm_dataCollection_fill: 'FormOutlined',
  ly_herm_dataCollection_audit: 'AuditOutlined',
  ly_herm_dataCollection_task: 'CarryOutOutlined',
  ly_herm_dataCollection_form: 'TableOutlined',
  ly_herm_dataCollection_constant: 'DatabaseOutlined',
  ly_herm_dataManagement_department: 'ApartmentOutlined',
  ly_herm_dataManagement_user: 'UserOutlined',
  ly_herm_dataManagement_menuAddress: 'LinkOutlined',
  ly_herm_dataManagement_diagnosisObject: 'ClusterOutlined',
  ly_herm_dataManagement_messagePush: 'NotificationOutlined',
  ly_herm_PersonalInformationCenter_files: 'FolderOpenOutlined',
} as const;

// a development centre's pages (ly_herm_<centre>_<page>, issue 33) take the icons of 内部质量管理's of the same kind
const CENTRE_PAGE_ICONS: Record<string, MenuIconName> = {
  overview: 'PieChartOutlined',
  standard: MENU_ICONS.ly_herm_standard,
  improvement: MENU_ICONS.ly_herm_improvement,
  warning: MENU_ICONS.ly_herm_monitorWarning,
  qualityReport: MENU_ICONS.ly_herm_qualityReport,
};

export type MenuIconName = (typeof MENU_ICONS)[keyof typeof MENU_ICONS] | 'PieChartOutlined' | 'AppstoreOutlined';

/** A first-level entry's icon: its own, a centre page's kind's, or the generic one for an entry added later. */
export function menuIconName(key: string): MenuIconName {
  if (key in MENU_ICONS) return MENU_ICONS[key as keyof typeof MENU_ICONS];
  const centrePage = /DevelopCenter_/.test(key) ? CENTRE_PAGE_ICONS[key.slice(key.lastIndexOf('_') + 1)] : undefined;
  return centrePage ?? 'AppstoreOutlined';
}
