import { menuIconName } from './menu-icons';

// The sidebar's first-level entries of one top menu each (the menu catalogue of the migrations): a collapsed sidebar
// shows only their icons, so no two entries under one top menu may share one (issue 35).
const SIDEBARS: Record<string, string[]> = {
  内部质量管理: ['ly_herm_standard', 'ly_herm_improvement', 'ly_herm_diagnosis_launch', 'ly_herm_monitorWarning', 'ly_herm_qualityReport', 'ly_herm_annual_wbs'],
  专业发展中心: ['overview', 'standard', 'improvement', 'warning', 'qualityReport'].map((page) => `ly_herm_majorDevelopCenter_${page}`),
  智能分析: ['rival', 'indicator', 'monitoring', 'portrayal', 'subscription', 'schools', 'portrayalManage'].map((page) => `ly_herm_intelligentAnalysis_${page}`),
  数据采集: ['fill', 'audit', 'task', 'form', 'constant'].map((page) => `ly_herm_dataCollection_${page}`),
  数据管理: ['department', 'user', 'menuAddress', 'diagnosisObject', 'messagePush'].map((page) => `ly_herm_dataManagement_${page}`),
};


describe("the sidebar's icons", () => {
  it.each(Object.entries(SIDEBARS))('%s: each entry its own icon', (_menu, keys) => {
    const types = keys.map(menuIconName);
    expect(new Set(types).size).toBe(keys.length);
  });
});
