// A frozen report for the document and image tests and the page-render script: realistic Chinese names and a few rows
// of every table, with section 2 unchecked by default so the tests can see a section left out.
import type { ReportOverview, ReportTables } from '@zhengai/contracts';
import type { ReportDocumentInput } from '../../application/ports/report-document.port.js';

export function fixtureOverview(overrides: Partial<ReportOverview> = {}): ReportOverview {
  return {
    items: [
      { id: 1, name: '质控点情况', isChecked: true, num: 24, text: '本周期质控点监测情况如下。' },
      { id: 2, name: '任务完成进度', isChecked: false, num: 6, text: '年度目标任务推进情况如下。' },
      { id: 3, name: '预警情况', isChecked: true, num: 9, text: '本周期质控点预警及处理情况如下。' },
      { id: 4, name: '改进成效', isChecked: true, num: 4, text: '上一周期改进措施的成效如下。' },
    ],
    zkdzsl: 24,
    zkddbqkList: [
      { name: '达标', value: 17 },
      { name: '未达标', value: 5 },
      { name: '未填报', value: 2 },
    ],
    zgQualitiesRankList: [
      { name: 'A', value: 8, zb: '33.33' },
      { name: 'B', value: 6, zb: '25.00' },
      { name: 'C', value: 3, zb: '12.50' },
      { name: 'D', value: 2, zb: '8.33' },
      { name: 'Y', value: 2, zb: '8.33' },
      { name: 'N', value: 1, zb: '4.17' },
      { name: '未评级', value: 2, zb: '8.33' },
    ],
    zkdhglList: [
      { name: '办学基础', value: 85.71 },
      { name: '师资队伍', value: 66.67 },
      { name: '人才培养', value: 80 },
    ],
    wdbzkdsl: 5,
    wdbzkdmcs: ['生师比', '双师型教师比例', '专任教师硕士以上学位比例', '实践教学课时占比', '毕业生就业率'],
    wdbzkdejzbs: ['师资结构', '教学条件', '就业质量'],
    wcl: '66.67',
    zkdwcqkList: [
      { name: '已完成', value: 4 },
      { name: '正常', value: 1 },
      { name: '暂停', value: 1 },
    ],
    wwczkdsl: 2,
    wwczkdmcs: ['建设智慧教室20间', '完成专业人才培养方案修订'],
    wwczkdejzbs: ['信息化建设', '专业建设'],
    yjcll: '77.78',
    yjqkList: [
      { name: '已处理', value: 7 },
      { name: '未处理', value: 2 },
    ],
    yjcs: 9,
    zkdmcs: ['生师比', '双师型教师比例', '专任教师硕士以上学位比例（含在读及已授予学位）', '毕业生就业率'],
    zkdyjcs: [4, 2, 2, 1],
    gjcssl: 4,
    gjcxList: [
      { name: '有效', value: 1 },
      { name: '改善', value: 1 },
      { name: '未改善', value: 1 },
      { name: '待评估', value: 1 },
    ],
    gjyxl: 33.33,
    ...overrides,
  };
}

/** The tables as a build freezes them: values by their point's type (生师比 and 生均值 floats, the rates percents). */
export function fixtureTables(): ReportTables {
  return {
    mbjc: [
      { cjname: '诊改示范职业技术学院', yjzb: '师资队伍', ejzb: '师资结构', zkdmc: '生师比', mbz: '18.00', jgz: '21.30', jgdj: 'D', dbqk: '未达标' },
      { cjname: '诊改示范职业技术学院', yjzb: '办学基础', ejzb: '教学条件', zkdmc: '生均教学仪器设备值', mbz: '10000.00', jgz: '12650.00', jgdj: 'A', dbqk: '达标' },
      { cjname: '软件技术', yjzb: '人才培养', ejzb: '就业质量', zkdmc: '毕业生就业率', mbz: '95.00%', jgz: '', jgdj: '未评级', dbqk: '未填报' },
    ],
    wdbzb: [
      { cjname: '诊改示范职业技术学院', ejzb: '师资结构', zkdmc: '生师比', bzz: '18.00', mbz: '18.00', jgz: '21.30', yyfx: '近两年扩招，专任教师补充滞后', gjcs: '引进专任教师30名' },
    ],
    wwcmb: [
      { rwmc: '建设智慧教室20间', yearTargetName: '信息化教学条件提升', chargeDepartName: '信息中心', ownerName: '陈静', jssj: '2025-12-31', rwjdmc: '进行中', progress: '60.00%' },
    ],
    yjjl: [
      { cjname: '诊改示范职业技术学院', zkdmc: '生师比', yjsj: '2025-03-12 09:30:00', yjz: '18.00', jgz: '21.30', clsj: '2025-03-20 16:00:00', clcs: '制定引进计划', yyfx: '扩招' },
      { cjname: '软件技术', zkdmc: '毕业生就业率', yjsj: '2025-07-01 10:00:00', yjz: '95.00%', jgz: '91.00%', clsj: '', clcs: '', yyfx: '' },
    ],
    gjcx: [
      { cjname: '诊改示范职业技术学院', zkdmc: '生师比', sqzq: '2024', sqjg: '21.30', bqjg: '17.60', mbz: '18.00', gjcs: '引进专任教师30名', cxmc: '有效' },
      { cjname: '软件技术', zkdmc: '毕业生就业率', sqzq: '2024', sqjg: '88.00%', bqjg: '91.00%', mbz: '95.00%', gjcs: '拓展合作企业', cxmc: '改善' },
      { cjname: '软件技术', zkdmc: '双师型教师比例', sqzq: '2024', sqjg: '55.00%', bqjg: '52.00%', mbz: '60.00%', gjcs: '组织企业实践', cxmc: '未改善' },
      { cjname: '软件技术', zkdmc: '实践教学课时占比', sqzq: '2024', sqjg: '45.00%', bqjg: '', mbz: '50.00%', gjcs: '修订课程标准', cxmc: '待评估' },
    ],
  };
}

export function fixtureDocumentInput(images: { cover: Buffer; stamp: Buffer }, overview: ReportOverview = fixtureOverview()): ReportDocumentInput {
  return {
    reportName: '诊改示范职业技术学院2025年度自我诊改报告',
    cycle: '2025',
    schoolName: '诊改示范职业技术学院',
    scopes: [
      { cjlx: 'school', cjmc: '学校', cjname: '诊改示范职业技术学院', cjdmid: '10001' },
      { cjlx: 'major', cjmc: '专业', cjname: '软件技术', cjdmid: '510203' },
    ],
    principal: '王明',
    createTimeFmt: '2025-12-20 10:30:00',
    score: 83.33,
    preface: '根据学校内部质量保证体系诊断与改进工作安排，现将本年度自我诊改情况报告如下。',
    closing: '下一年度，学校将针对未达标质控点持续改进，确保各项目标任务落实到位。',
    overview,
    tables: fixtureTables(),
    cover: images.cover,
    expertReview: { fhjg: 'A', fhjgmc: '优秀', opinion: '诊改工作扎实，数据详实。', reviewer: '赵专家', time: '2025-12-22 14:00:00', stampUrl: '', stamp: images.stamp },
    schoolReview: null,
  };
}
