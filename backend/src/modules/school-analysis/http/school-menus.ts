/** The 智能分析 pages' menus (migration 1765699200000-school-analysis) the school side's routes require. */
export const SCHOOLS_MENU = 'ly_herm_intelligentAnalysis_schools';
/**
 * Who reads schools and analyses and keeps their own screening and history: any 智能分析 page (学校数据 lists the
 * schools, 画像管理 picks indicators for cards), or the data screen (which shows the own school among its rivals).
 */
export const SCHOOL_READER_MENUS = [
  'ly_herm_intelligentAnalysis_rival',
  'ly_herm_intelligentAnalysis_indicator',
  'ly_herm_intelligentAnalysis_monitoring',
  'ly_herm_intelligentAnalysis_portrayal',
  'ly_herm_intelligentAnalysis_subscription',
  SCHOOLS_MENU,
  'ly_herm_intelligentAnalysis_portrayalManage',
  'ly_herm_dataScreen',
];
