// The demo server's menu map (migrations' menu table), for the unit tests of this folder.
import type { MenuMap, MenuNode } from '../api/types';

const node = (key: string, name: string, path: string, component: string | null, children: MenuNode[] = []): MenuNode => ({
  key,
  name,
  path,
  component,
  children,
});

export const ALL_MENUS: MenuMap = {
  ly_herm_homePage: node('ly_herm_homePage', '首页', '/index', 'Home'),
  ly_herm_dataScreen: node('ly_herm_dataScreen', '数据大屏', '/dataScreen', null, [
    node('ly_herm_dataScreen_dynamicScreen', '动态大屏', '/dataScreen/dynamic', 'Placeholder'),
  ]),
  ly_herm_qualityManagement: node('ly_herm_qualityManagement', '内部质量管理', '/qualityManagement', null, [
    node('ly_herm_standard', '目标标准', '/qualityManagement/standard', 'Placeholder'),
    node('ly_herm_improvement', '诊断改进', '/qualityManagement/improvement', 'Placeholder'),
    node('ly_herm_qualityReport', '质量报告', '/qualityManagement/qualityReport', 'Placeholder'),
    node('ly_herm_annual_wbs', '年度目标任务', '/qualityManagement/annualWbs', null, [
      node('ly_herm_annual_wbs_personal_task', '我的任务', '/qualityManagement/annualWbs/personal', 'Placeholder'),
      node('ly_herm_annual_wbs_departemnt_task', '部门任务', '/qualityManagement/annualWbs/department', 'Placeholder'),
    ]),
  ]),
  // a centre is a group: its overview first, on the centre's own path, then the level's pages (issue 33)
  ly_herm_majorDevelopCenter: node('ly_herm_majorDevelopCenter', '专业发展中心', '/majorDevelopCenter', null, [
    node('ly_herm_majorDevelopCenter_overview', '专业发展中心', '/majorDevelopCenter', 'DevelopCentre'),
    node('ly_herm_majorDevelopCenter_standard', '专业目标标准', '/majorDevelopCenter/standard', 'Standard'),
    node('ly_herm_majorDevelopCenter_improvement', '专业诊断改进', '/majorDevelopCenter/improvement', 'Improvement'),
  ]),
  ly_herm_couseDevelopCenter: node('ly_herm_couseDevelopCenter', '课程发展中心', '/couseDevelopCenter', 'Placeholder'),
  ly_herm_teachDevelopCenter: node('ly_herm_teachDevelopCenter', '教师发展中心', '/teachDevelopCenter', 'Placeholder'),
  ly_herm_stuDevelopCenter: node('ly_herm_stuDevelopCenter', '学生发展中心', '/stuDevelopCenter', 'Placeholder'),
  ly_herm_intelligentAnalysis: node('ly_herm_intelligentAnalysis', '智能分析', '/analysis', 'Placeholder'),
  ly_herm_dataCollection: node('ly_herm_dataCollection', '数据采集', '/dataCollection', 'Placeholder'),
  ly_herm_dataManagement: node('ly_herm_dataManagement', '数据管理', '/dataManage', null, [
    node('ly_herm_dataManagement_department', '部门管理', '/dataManage/department', 'Placeholder'),
    node('ly_herm_dataManagement_user', '用户管理', '/dataManage/user', 'Placeholder'),
  ]),
  ly_herm_PersonalInformationCenter: node('ly_herm_PersonalInformationCenter', '个人信息中心', '/link', 'Placeholder'),
  ly_herm_PerformanceAppraisal: node('ly_herm_PerformanceAppraisal', '绩效考核', '/linkjxkh', 'Placeholder'),
};

/** The groups named, as the server would send them to a person with only those. */
export function menusWith(...keys: string[]): MenuMap {
  return Object.fromEntries(keys.map((key) => [key, ALL_MENUS[key]]));
}

export { node as menuNode };
