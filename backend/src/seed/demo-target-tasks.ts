import { Logger } from '@nestjs/common';
import type { ProgressAudit, ProgressReportType, Rwjd } from '@zhengai/contracts';
import type { EntityManager } from 'typeorm';
import { move, type TaskAction, type TaskFacts, type TaskRole } from '../modules/target-tasks/domain/transitions.js';

/**
 * The demo school's 2026 target tasks (issue 13 "Demo data") and, finished, eight of 2025 (issue 14: the 2025 quality
 * report reads them). The 2026 ones: 48 tasks under the five 2026 year targets, decomposed
 * two and three levels, charged by every department, in every rwjd state, with cooperations, reports (reviewing, pass,
 * childPass, reject), delays (pending, granted, refused), urges (open, accepted) and a pause. Each task's life is
 * played through the domain's own `move` (target-tasks/domain/transitions.ts): a demo step the table refuses stops the
 * seed, so the states, side rows and history always agree (the last history row's to_state is the task's rwjd).
 * Dates are fixed around "today" 2026-11-24: some tasks are past their jssj unfinished (expired warnings) and some have
 * executed since early 2026 without a report for the past quarters (process warnings); the task warning scan opens those.
 */

/** More demo people, so every department has someone to charge: id, account, name, department, sex, heads it. */
export const DEMO_TASK_PEOPLE: Array<[string, string, string, string, number, boolean]> = [
  ['u-demo-zlb', 'hefang', '何芳', 'd-zlb', 2, false],
  ['u-demo-xgc', 'sunli', '孙丽', 'd-xgc', 2, true],
  ['u-demo-rsc', 'zhouqiang', '周强', 'd-rsc', 1, true],
  ['u-demo-xxzx', 'huangtao', '黄涛', 'd-xxzx', 1, false],
  ['u-demo-jdgc', 'wulei', '吴磊', 'd-jdgc', 1, true],
  ['u-demo-jjgl', 'zhengmin', '郑敏', 'd-jjgl', 2, true],
];

const PUBLISHER = 'u-publisher';
const PUBLISH_DEPARTMENT = 'd-zlb';

/** How far the publishing path goes: added, submitted, audited, failed audit, pushed, sent back, accepted (not yet
 * decomposed or defined), started (resolved or defined, then its reports, delays, urges). */
type Stage = 'add' | 'submitted' | 'audited' | 'failed' | 'pushed' | 'sentBack' | 'accepted' | 'started';

interface Report {
  kind: ProgressReportType;
  content: string;
  value: number;
  at: string;
  /** The audit and its date; absent while reviewing. childPass: by the parent task's owner. */
  audit?: [Exclude<ProgressAudit, 'reviewing'>, string, string?];
}

interface DemoTask {
  id: string;
  target: string;
  parent?: string;
  rwmc: string;
  rwlx: 'A' | 'B' | 'C';
  dept: string;
  owner: string;
  auditor: string;
  kssj: string;
  jssj: string;
  unit: string;
  /** The quantified target, set when the task is defined (a leaf that starts). */
  value?: number;
  stage: Stage;
  rwnf?: string;
  exam?: 'score' | 'level';
  coop?: Array<[string, string]>;
  reports?: Report[];
  delay?: { at: string; to: string; reason: string; decision?: ['granted' | 'refused', string, string?] };
  urge?: { at: string; by: string; message: string; accepted?: string };
  pause?: string;
  reason?: string;
}

// Owners by department.
const ZLB = 'u-demo-zlb';
const JWC = 'u-depthead';
const XGC = 'u-demo-xgc';
const RSC = 'u-demo-rsc';
const XXZX = 'u-demo-xxzx';
const XXGC = 'u-owner';
const JDGC = 'u-demo-jdgc';
const JJGL = 'u-demo-jjgl';
const DZB = 'u-leader';
const AUD = 'u-auditor';

const TASKS: DemoTask[] = [
  // 编制学校“十五五”发展规划
  { id: 'tt-26-01', target: 'yt-2026-1', rwmc: '编制学校“十五五”事业发展总体规划', rwlx: 'A', dept: 'd-zlb', owner: ZLB, auditor: PUBLISHER, kssj: '2026-01-12', jssj: '2026-12-20', unit: '项', rwnf: '2026,2027', stage: 'started' },
  { id: 'tt-26-01-1', target: 'yt-2026-1', parent: 'tt-26-01', rwmc: '开展“十四五”规划实施情况总结评估', rwlx: 'B', dept: 'd-zlb', owner: ZLB, auditor: AUD, kssj: '2026-01-20', jssj: '2026-04-30', unit: '份', value: 1, stage: 'started',
    reports: [
      { kind: 'process', content: '完成各部门“十四五”目标完成情况数据采集。', value: 0.5, at: '2026-03-10', audit: ['pass', '2026-03-12'] },
      { kind: 'final', content: '形成《“十四五”规划实施情况总结评估报告》，经校长办公会审议通过。', value: 1, at: '2026-04-25', audit: ['pass', '2026-04-28'] },
    ] },
  { id: 'tt-26-01-2', target: 'yt-2026-1', parent: 'tt-26-01', rwmc: '编制专业建设专项规划', rwlx: 'A', dept: 'd-jwc', owner: JWC, auditor: AUD, kssj: '2026-02-01', jssj: '2026-12-15', unit: '份', stage: 'started', coop: [['d-xxgc', XXGC]] },
  { id: 'tt-26-01-2-1', target: 'yt-2026-1', parent: 'tt-26-01-2', rwmc: '完成专业布局调整论证报告', rwlx: 'C', dept: 'd-xxgc', owner: XXGC, auditor: AUD, kssj: '2026-02-20', jssj: '2026-12-10', unit: '份', value: 1, stage: 'started', coop: [['d-jdgc', JDGC]],
    reports: [
      { kind: 'process', content: '完成区域产业人才需求调研，形成调研报告初稿。', value: 0.3, at: '2026-04-15', audit: ['childPass', '2026-04-18'] },
      { kind: 'process', content: '完成现有专业办学质量评估。', value: 0.6, at: '2026-07-10', audit: ['reject', '2026-07-14', '缺少毕业生跟踪数据，请补充后重新提交'] },
      { kind: 'process', content: '补充毕业生跟踪数据，完成现有专业办学质量评估。', value: 0.6, at: '2026-07-20', audit: ['childPass', '2026-07-22'] },
      { kind: 'process', content: '论证报告初稿已完成，提交专家论证。', value: 0.8, at: '2026-10-20' },
    ] },
  { id: 'tt-26-01-2-2', target: 'yt-2026-1', parent: 'tt-26-01-2', rwmc: '制定专业群动态调整机制', rwlx: 'C', dept: 'd-jdgc', owner: JDGC, auditor: AUD, kssj: '2026-09-01', jssj: '2026-12-31', unit: '项', stage: 'accepted',
    urge: { at: '2026-10-15', by: JWC, message: '请尽快制定量化目标' } },
  { id: 'tt-26-01-3', target: 'yt-2026-1', parent: 'tt-26-01', rwmc: '编制师资队伍建设专项规划', rwlx: 'B', dept: 'd-rsc', owner: RSC, auditor: AUD, kssj: '2026-02-01', jssj: '2026-09-30', unit: '份', value: 1, stage: 'started',
    reports: [{ kind: 'process', content: '完成全校教师队伍结构分析。', value: 0.4, at: '2026-05-20', audit: ['pass', '2026-05-22'] }],
    delay: { at: '2026-09-10', to: '2026-12-31', reason: '需与学校总体规划同步定稿', decision: ['granted', '2026-09-12'] } },
  { id: 'tt-26-01-4', target: 'yt-2026-1', parent: 'tt-26-01', rwmc: '编制智慧校园建设专项规划', rwlx: 'B', dept: 'd-xxzx', owner: XXZX, auditor: AUD, kssj: '2026-11-15', jssj: '2026-12-31', unit: '份', stage: 'pushed' },
  { id: 'tt-26-02', target: 'yt-2026-1', rwmc: '建立规划目标任务分解与年度考核机制', rwlx: 'B', dept: 'd-dzb', owner: DZB, auditor: PUBLISHER, kssj: '2026-11-25', jssj: '2026-12-31', unit: '项', stage: 'submitted' },
  { id: 'tt-26-02-1', target: 'yt-2026-1', parent: 'tt-26-02', rwmc: '制定年度目标考核办法', rwlx: 'C', dept: 'd-dzb', owner: DZB, auditor: PUBLISHER, kssj: '2026-11-28', jssj: '2026-12-31', unit: '份', stage: 'add' },
  { id: 'tt-26-02-2', target: 'yt-2026-1', parent: 'tt-26-02', rwmc: '建立考核结果运用制度', rwlx: 'C', dept: 'd-rsc', owner: RSC, auditor: AUD, kssj: '2026-11-28', jssj: '2026-12-31', unit: '份', stage: 'failed', reason: '考核结果运用范围不明确，请补充说明' },

  // 深化产教融合与专业群建设
  { id: 'tt-26-03', target: 'yt-2026-2', rwmc: '推进“双高计划”专业群建设', rwlx: 'A', dept: 'd-jwc', owner: JWC, auditor: PUBLISHER, kssj: '2026-01-05', jssj: '2026-12-31', unit: '个', rwnf: '2026,2027', stage: 'started' },
  { id: 'tt-26-03-1', target: 'yt-2026-2', parent: 'tt-26-03', rwmc: '软件技术专业群建设', rwlx: 'A', dept: 'd-xxgc', owner: XXGC, auditor: AUD, kssj: '2026-01-10', jssj: '2026-12-31', unit: '个', stage: 'started' },
  { id: 'tt-26-03-1-1', target: 'yt-2026-2', parent: 'tt-26-03-1', rwmc: '建设软件技术专业群共享实训基地', rwlx: 'B', dept: 'd-xxgc', owner: XXGC, auditor: AUD, kssj: '2026-01-20', jssj: '2026-12-31', unit: '个', value: 1, stage: 'started' },
  { id: 'tt-26-03-1-2', target: 'yt-2026-2', parent: 'tt-26-03-1', rwmc: '开发专业群课程标准12门', rwlx: 'B', dept: 'd-xxgc', owner: XXGC, auditor: AUD, kssj: '2026-01-20', jssj: '2026-08-31', unit: '门', value: 12, stage: 'started',
    reports: [
      { kind: 'process', content: '完成6门课程标准开发。', value: 6, at: '2026-04-10', audit: ['pass', '2026-04-12'] },
      { kind: 'final', content: '完成12门课程标准开发。', value: 12, at: '2026-07-15', audit: ['reject', '2026-07-18', '其中2门课程标准未经企业专家审定，请补充审定意见'] },
      { kind: 'final', content: '12门课程标准全部完成开发并经企业专家审定。', value: 12, at: '2026-08-05', audit: ['pass', '2026-08-08'] },
    ] },
  { id: 'tt-26-03-1-3', target: 'yt-2026-2', parent: 'tt-26-03-1', rwmc: '引进企业兼职教师15名', rwlx: 'C', dept: 'd-rsc', owner: RSC, auditor: AUD, kssj: '2026-02-01', jssj: '2026-06-30', unit: '名', value: 15, stage: 'started', coop: [['d-xxgc', XXGC]],
    reports: [
      { kind: 'process', content: '已引进企业兼职教师8名。', value: 8, at: '2026-05-15', audit: ['pass', '2026-05-18'] },
      { kind: 'final', content: '共引进企业兼职教师15名，均已完成岗前培训。', value: 15, at: '2026-09-20', audit: ['pass', '2026-09-24'] },
    ],
    delay: { at: '2026-06-20', to: '2026-09-30', reason: '部分企业人员调动手续尚未办结', decision: ['granted', '2026-06-23'] } },
  { id: 'tt-26-03-2', target: 'yt-2026-2', parent: 'tt-26-03', rwmc: '智能制造专业群建设', rwlx: 'A', dept: 'd-jdgc', owner: JDGC, auditor: AUD, kssj: '2026-01-10', jssj: '2026-12-31', unit: '个', stage: 'started' },
  { id: 'tt-26-03-2-1', target: 'yt-2026-2', parent: 'tt-26-03-2', rwmc: '建设智能制造产教融合实训中心', rwlx: 'B', dept: 'd-jdgc', owner: JDGC, auditor: AUD, kssj: '2026-02-01', jssj: '2026-09-30', unit: '个', value: 1, stage: 'started', coop: [['d-xxzx', XXZX]],
    reports: [{ kind: 'process', content: '实训中心设备招标完成。', value: 0.4, at: '2026-05-30', audit: ['pass', '2026-06-02'] }],
    delay: { at: '2026-09-15', to: '2027-03-31', reason: '设备到货延迟', decision: ['refused', '2026-09-18', '请按原计划组织安装调试'] } },
  { id: 'tt-26-03-2-2', target: 'yt-2026-2', parent: 'tt-26-03-2', rwmc: '开展1+X职业技能等级证书试点', rwlx: 'C', dept: 'd-jdgc', owner: JDGC, auditor: AUD, kssj: '2026-03-01', jssj: '2026-11-30', unit: '个', value: 3, exam: 'level', stage: 'started',
    reports: [{ kind: 'process', content: '完成2个证书试点申报。', value: 2, at: '2026-07-01', audit: ['pass', '2026-07-03'] }],
    delay: { at: '2026-11-20', to: '2026-12-31', reason: '第三个证书考核站点尚在验收' } },
  { id: 'tt-26-03-3', target: 'yt-2026-2', parent: 'tt-26-03', rwmc: '现代物流管理专业群建设', rwlx: 'B', dept: 'd-jjgl', owner: JJGL, auditor: AUD, kssj: '2026-09-01', jssj: '2026-12-31', unit: '个', stage: 'accepted',
    urge: { at: '2026-11-10', by: JWC, message: '请尽快完成任务分解' } },
  { id: 'tt-26-03-3-1', target: 'yt-2026-2', parent: 'tt-26-03-3', rwmc: '修订物流管理专业人才培养方案', rwlx: 'C', dept: 'd-jjgl', owner: JJGL, auditor: AUD, kssj: '2026-11-20', jssj: '2026-12-31', unit: '份', stage: 'audited' },
  { id: 'tt-26-03-3-2', target: 'yt-2026-2', parent: 'tt-26-03-3', rwmc: '建设物流管理虚拟仿真实训室', rwlx: 'C', dept: 'd-jjgl', owner: JJGL, auditor: AUD, kssj: '2026-11-20', jssj: '2026-12-31', unit: '个', stage: 'add' },
  { id: 'tt-26-04', target: 'yt-2026-2', rwmc: '新增校企合作订单班10个', rwlx: 'B', dept: 'd-jwc', owner: JWC, auditor: PUBLISHER, kssj: '2026-01-15', jssj: '2026-12-31', unit: '个', value: 10, stage: 'started', coop: [['d-jdgc', JDGC], ['d-jjgl', JJGL]],
    reports: [
      { kind: 'process', content: '新增订单班4个。', value: 4, at: '2026-03-28', audit: ['pass', '2026-03-30'] },
      { kind: 'process', content: '新增订单班7个。', value: 7, at: '2026-06-28', audit: ['pass', '2026-07-01'] },
      { kind: 'process', content: '新增订单班9个。', value: 9, at: '2026-09-28', audit: ['pass', '2026-09-30'] },
    ] },
  { id: 'tt-26-05', target: 'yt-2026-2', rwmc: '企业参与人才培养方案制订比例达到100%', rwlx: 'C', dept: 'd-jwc', owner: JWC, auditor: PUBLISHER, kssj: '2026-11-01', jssj: '2026-12-31', unit: '%', stage: 'sentBack', reason: '该任务应由各二级学院牵头，请调整负责部门' },

  // 推进智慧校园与数字化教学资源建设
  { id: 'tt-26-06', target: 'yt-2026-3', rwmc: '新建在线开放课程20门', rwlx: 'A', dept: 'd-jwc', owner: JWC, auditor: PUBLISHER, kssj: '2026-01-15', jssj: '2026-12-31', unit: '门', stage: 'started' },
  { id: 'tt-26-06-1', target: 'yt-2026-3', parent: 'tt-26-06', rwmc: '信息工程学院建设在线开放课程8门', rwlx: 'B', dept: 'd-xxgc', owner: XXGC, auditor: AUD, kssj: '2026-02-01', jssj: '2026-12-20', unit: '门', value: 8, stage: 'started',
    reports: [
      { kind: 'process', content: '3门课程完成录制并上线。', value: 3, at: '2026-05-20', audit: ['pass', '2026-05-22'] },
      { kind: 'process', content: '5门课程完成录制并上线。', value: 5, at: '2026-11-18' },
    ] },
  { id: 'tt-26-06-2', target: 'yt-2026-3', parent: 'tt-26-06', rwmc: '机电工程学院建设在线开放课程6门', rwlx: 'B', dept: 'd-jdgc', owner: JDGC, auditor: AUD, kssj: '2026-02-01', jssj: '2026-10-31', unit: '门', value: 6, stage: 'started',
    reports: [{ kind: 'process', content: '4门课程完成录制。', value: 4, at: '2026-08-30', audit: ['pass', '2026-09-02'] }],
    delay: { at: '2026-10-20', to: '2026-12-20', reason: '2门课程的企业案例素材仍在拍摄', decision: ['granted', '2026-10-22'] } },
  { id: 'tt-26-06-3', target: 'yt-2026-3', parent: 'tt-26-06', rwmc: '经济管理学院建设在线开放课程6门', rwlx: 'B', dept: 'd-jjgl', owner: JJGL, auditor: AUD, kssj: '2026-02-01', jssj: '2026-10-31', unit: '门', value: 6, stage: 'started',
    reports: [{ kind: 'final', content: '6门在线开放课程全部上线运行。', value: 6, at: '2026-10-25', audit: ['pass', '2026-10-28'] }] },
  { id: 'tt-26-07', target: 'yt-2026-3', rwmc: '建设校级教学资源库', rwlx: 'B', dept: 'd-xxzx', owner: XXZX, auditor: PUBLISHER, kssj: '2026-01-15', jssj: '2026-08-31', unit: '个', stage: 'started' },
  { id: 'tt-26-07-1', target: 'yt-2026-3', parent: 'tt-26-07', rwmc: '搭建教学资源库平台', rwlx: 'C', dept: 'd-xxzx', owner: XXZX, auditor: AUD, kssj: '2026-02-01', jssj: '2026-05-31', unit: '个', value: 1, stage: 'started',
    reports: [{ kind: 'final', content: '资源库平台完成部署并通过验收。', value: 1, at: '2026-05-25', audit: ['pass', '2026-05-27'] }] },
  { id: 'tt-26-07-2', target: 'yt-2026-3', parent: 'tt-26-07', rwmc: '完成专业核心课程资源入库', rwlx: 'C', dept: 'd-xxgc', owner: XXGC, auditor: AUD, kssj: '2026-03-01', jssj: '2026-10-31', unit: '门', value: 60, stage: 'started', coop: [['d-xxzx', XXZX]],
    reports: [{ kind: 'process', content: '已入库核心课程资源35门。', value: 35, at: '2026-06-30', audit: ['pass', '2026-07-02'] }] },
  { id: 'tt-26-08', target: 'yt-2026-3', rwmc: '升级校园网络与数据中心', rwlx: 'B', dept: 'd-xxzx', owner: XXZX, auditor: PUBLISHER, kssj: '2026-03-01', jssj: '2026-12-31', unit: '项', value: 3, stage: 'started',
    reports: [{ kind: 'process', content: '完成核心交换机升级。', value: 1, at: '2026-06-15', audit: ['pass', '2026-06-17'] }],
    pause: '2026-08-10' },

  // 提升学生服务与就业创业指导水平
  { id: 'tt-26-09', target: 'yt-2026-4', rwmc: '提升毕业生就业质量', rwlx: 'A', dept: 'd-xgc', owner: XGC, auditor: PUBLISHER, kssj: '2026-01-05', jssj: '2026-12-31', unit: '%', stage: 'started', coop: [['d-xxgc', XXGC], ['d-jdgc', JDGC], ['d-jjgl', JJGL]] },
  { id: 'tt-26-09-1', target: 'yt-2026-4', parent: 'tt-26-09', rwmc: '开展就业指导“一院一策”', rwlx: 'B', dept: 'd-xgc', owner: XGC, auditor: AUD, kssj: '2026-01-10', jssj: '2026-12-31', unit: '个', value: 3, stage: 'started' },
  { id: 'tt-26-09-2', target: 'yt-2026-4', parent: 'tt-26-09', rwmc: '信息工程学院毕业生就业去向落实率达到96%', rwlx: 'B', dept: 'd-xxgc', owner: XXGC, auditor: AUD, kssj: '2026-01-10', jssj: '2026-12-31', unit: '%', value: 96, stage: 'started', coop: [['d-xgc', XGC]],
    reports: [
      { kind: 'process', content: '截至6月底就业去向落实率88.5%。', value: 88.5, at: '2026-06-30', audit: ['pass', '2026-07-02'] },
      { kind: 'process', content: '截至9月底就业去向落实率94.2%。', value: 94.2, at: '2026-09-30', audit: ['childPass', '2026-10-08'] },
    ] },
  { id: 'tt-26-09-3', target: 'yt-2026-4', parent: 'tt-26-09', rwmc: '机电工程学院毕业生就业去向落实率达到96%', rwlx: 'B', dept: 'd-jdgc', owner: JDGC, auditor: AUD, kssj: '2026-10-01', jssj: '2026-12-31', unit: '%', stage: 'accepted',
    urge: { at: '2026-10-20', by: XGC, message: '请尽快制定本学院就业目标', accepted: '2026-10-21' } },
  { id: 'tt-26-09-4', target: 'yt-2026-4', parent: 'tt-26-09', rwmc: '经济管理学院毕业生就业去向落实率达到96%', rwlx: 'B', dept: 'd-jjgl', owner: JJGL, auditor: AUD, kssj: '2026-11-25', jssj: '2026-12-31', unit: '%', stage: 'pushed' },
  { id: 'tt-26-10', target: 'yt-2026-4', rwmc: '完善学生资助与心理健康服务体系', rwlx: 'B', dept: 'd-xgc', owner: XGC, auditor: PUBLISHER, kssj: '2026-10-15', jssj: '2026-12-31', unit: '项', stage: 'accepted' },
  { id: 'tt-26-10-1', target: 'yt-2026-4', parent: 'tt-26-10', rwmc: '建设心理健康教育中心', rwlx: 'C', dept: 'd-xgc', owner: XGC, auditor: AUD, kssj: '2026-11-20', jssj: '2026-12-31', unit: '个', stage: 'submitted' },
  { id: 'tt-26-11', target: 'yt-2026-4', rwmc: '举办大学生创新创业大赛', rwlx: 'C', dept: 'd-xgc', owner: XGC, auditor: PUBLISHER, kssj: '2026-03-01', jssj: '2026-06-30', unit: '项', value: 120, exam: 'level', stage: 'started', coop: [['d-jwc', JWC]],
    reports: [{ kind: 'final', content: '大赛共收到参赛项目126项，评出一等奖5项。', value: 126, at: '2026-06-20', audit: ['pass', '2026-06-24'] }] },

  // 完善内部质量诊断与改进常态化运行
  { id: 'tt-26-12', target: 'yt-2026-5', rwmc: '完善教学质量监控体系', rwlx: 'A', dept: 'd-zlb', owner: ZLB, auditor: AUD, kssj: '2026-01-08', jssj: '2026-12-31', unit: '项', stage: 'started', coop: [['d-jwc', JWC]] },
  { id: 'tt-26-12-1', target: 'yt-2026-5', parent: 'tt-26-12', rwmc: '修订教学质量监控与评价办法', rwlx: 'B', dept: 'd-jwc', owner: JWC, auditor: AUD, kssj: '2026-01-15', jssj: '2026-05-31', unit: '份', value: 1, stage: 'started',
    reports: [{ kind: 'final', content: '《教学质量监控与评价办法（2026年修订）》已印发。', value: 1, at: '2026-05-20', audit: ['pass', '2026-05-22'] }] },
  { id: 'tt-26-12-2', target: 'yt-2026-5', parent: 'tt-26-12', rwmc: '编制专业诊改年度报告', rwlx: 'B', dept: 'd-xxgc', owner: XXGC, auditor: AUD, kssj: '2026-01-15', jssj: '2026-06-30', unit: '份', value: 5, stage: 'started',
    reports: [{ kind: 'process', content: '完成2个专业的诊改报告。', value: 2, at: '2026-04-30', audit: ['pass', '2026-05-06'] }] },
  { id: 'tt-26-12-3', target: 'yt-2026-5', parent: 'tt-26-12', rwmc: '开展课程层面诊断与改进', rwlx: 'C', dept: 'd-jjgl', owner: JJGL, auditor: AUD, kssj: '2026-02-01', jssj: '2026-07-31', unit: '门', value: 30, stage: 'started',
    reports: [{ kind: 'final', content: '30门课程完成诊改并提交报告。', value: 30, at: '2026-09-15', audit: ['pass', '2026-09-18'] }],
    delay: { at: '2026-07-20', to: '2026-09-30', reason: '暑期教师外出培训，部分课程诊改延后', decision: ['granted', '2026-07-22'] } },
  { id: 'tt-26-12-4', target: 'yt-2026-5', parent: 'tt-26-12', rwmc: '开展教师层面诊断与改进', rwlx: 'C', dept: 'd-rsc', owner: RSC, auditor: AUD, kssj: '2026-02-01', jssj: '2026-12-15', unit: '%', value: 100, stage: 'started',
    reports: [
      { kind: 'process', content: '65%的教师完成个人发展规划与诊改。', value: 65, at: '2026-06-30', audit: ['pass', '2026-07-03'] },
      { kind: 'final', content: '全部专任教师完成年度诊改。', value: 100, at: '2026-11-20' },
    ] },
  { id: 'tt-26-13', target: 'yt-2026-5', rwmc: '完善质控点预警处置机制', rwlx: 'B', dept: 'd-zlb', owner: ZLB, auditor: AUD, kssj: '2026-10-20', jssj: '2026-12-31', unit: '项', stage: 'sentBack', reason: '预警处置流程需与信息中心共同拟定，请明确协同部门后重新下发' },
  { id: 'tt-26-14', target: 'yt-2026-5', rwmc: '建设校级质量数据中心二期', rwlx: 'B', dept: 'd-xxzx', owner: XXZX, auditor: AUD, kssj: '2026-11-25', jssj: '2026-12-31', unit: '项', stage: 'failed', reason: '建设内容与智慧校园专项规划重复，请调整' },
  { id: 'tt-26-15', target: 'yt-2026-5', rwmc: '编制并发布年度质量报告', rwlx: 'A', dept: 'd-dzb', owner: DZB, auditor: PUBLISHER, kssj: '2026-01-10', jssj: '2026-12-15', unit: '份', value: 1, stage: 'started',
    reports: [{ kind: 'process', content: '完成年度质量报告数据采集与框架拟定。', value: 0.5, at: '2026-07-15', audit: ['pass', '2026-07-18'] }] },

  // 2025: last year's targets, their tasks all finished (the 2025 quality report reads them).
  { id: 'tt-25-01', target: 'yt-2025-1', rwmc: '修订学校质量保证体系运行制度汇编', rwlx: 'A', dept: 'd-zlb', owner: ZLB, auditor: PUBLISHER, kssj: '2025-02-10', jssj: '2025-10-31', unit: '份', value: 1, rwnf: '2025', stage: 'started',
    reports: [
      { kind: 'process', content: '完成现行制度梳理，形成修订清单。', value: 0.5, at: '2025-06-10', audit: ['pass', '2025-06-12'] },
      { kind: 'final', content: '《质量保证体系运行制度汇编（2025版）》经校长办公会审议印发。', value: 1, at: '2025-10-20', audit: ['pass', '2025-10-24'] },
    ] },
  { id: 'tt-25-02', target: 'yt-2025-1', rwmc: '开展“十四五”规划中期评估', rwlx: 'B', dept: 'd-jwc', owner: JWC, auditor: PUBLISHER, kssj: '2025-03-01', jssj: '2025-09-30', unit: '份', value: 1, rwnf: '2025', stage: 'started',
    reports: [{ kind: 'final', content: '形成《“十四五”规划中期评估报告》并报学校党委。', value: 1, at: '2025-09-18', audit: ['pass', '2025-09-22'] }] },
  { id: 'tt-25-03', target: 'yt-2025-2', rwmc: '修订全部专业人才培养方案', rwlx: 'A', dept: 'd-jwc', owner: JWC, auditor: PUBLISHER, kssj: '2025-03-01', jssj: '2025-08-31', unit: '个', value: 28, rwnf: '2025', stage: 'started',
    reports: [{ kind: 'final', content: '28个专业人才培养方案全部完成修订并通过专家论证。', value: 28, at: '2025-08-20', audit: ['pass', '2025-08-25'] }] },
  { id: 'tt-25-04', target: 'yt-2025-2', rwmc: '毕业生初次就业率达到95%', rwlx: 'A', dept: 'd-xgc', owner: XGC, auditor: PUBLISHER, kssj: '2025-01-15', jssj: '2025-12-15', unit: '%', value: 95, rwnf: '2025', stage: 'started',
    reports: [
      { kind: 'process', content: '截至9月毕业生初次就业率93.1%。', value: 93.1, at: '2025-09-10', audit: ['pass', '2025-09-12'] },
      { kind: 'final', content: '2025届毕业生初次就业率95.4%。', value: 95.4, at: '2025-12-05', audit: ['pass', '2025-12-08'] },
    ] },
  { id: 'tt-25-05', target: 'yt-2025-3', rwmc: '“双师型”教师比例达到65%', rwlx: 'A', dept: 'd-rsc', owner: RSC, auditor: PUBLISHER, kssj: '2025-02-01', jssj: '2025-12-20', unit: '%', value: 65, rwnf: '2025', stage: 'started',
    reports: [{ kind: 'final', content: '“双师型”教师占专业课教师比例达到66.2%。', value: 66.2, at: '2025-12-10', audit: ['pass', '2025-12-12'] }] },
  { id: 'tt-25-06', target: 'yt-2025-3', rwmc: '新增省级教学团队1个', rwlx: 'B', dept: 'd-xxgc', owner: XXGC, auditor: PUBLISHER, kssj: '2025-03-01', jssj: '2025-11-30', unit: '个', value: 1, rwnf: '2025', stage: 'started',
    reports: [{ kind: 'final', content: '软件技术专业教学团队获批省级职业教育教师教学创新团队。', value: 1, at: '2025-11-25', audit: ['pass', '2025-11-27'] }] },
  { id: 'tt-25-07', target: 'yt-2025-4', rwmc: '建成校级质量数据中心', rwlx: 'A', dept: 'd-xxzx', owner: XXZX, auditor: PUBLISHER, kssj: '2025-03-01', jssj: '2025-12-31', unit: '项', value: 1, rwnf: '2025', stage: 'started',
    reports: [{ kind: 'final', content: '校级质量数据中心上线，接入教务、学工、人事等8个业务系统。', value: 1, at: '2025-12-18', audit: ['pass', '2025-12-22'] }] },
  { id: 'tt-25-08', target: 'yt-2025-4', rwmc: '实现四个层面质控点监测全覆盖', rwlx: 'B', dept: 'd-zlb', owner: ZLB, auditor: PUBLISHER, kssj: '2025-04-01', jssj: '2025-12-31', unit: '个', value: 4, rwnf: '2025', stage: 'started',
    reports: [{ kind: 'final', content: '专业、课程、教师、学生四个层面质控点全部纳入监测。', value: 4, at: '2025-12-20', audit: ['pass', '2025-12-24'] }] },
];

/** A yyyy-MM-dd moved by days. */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const quarterOf = (date: string) => `${date.slice(0, 4)}-Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;

/** One step of a task's life as it happened: played through the domain's move, then written. */
interface Event {
  at: string;
  action: TaskAction;
  actor: string;
  roles: TaskRole[];
  reason?: string;
  report?: Report;
  delay?: NonNullable<DemoTask['delay']>;
  urge?: NonNullable<DemoTask['urge']>;
}

/** The task's life in date order: the publishing path its stage reaches, then its reports, delays, urges, pause. */
function eventsOf(t: DemoTask, lastLevel: boolean): Event[] {
  const e: Event[] = [];
  const pub = { actor: PUBLISHER, roles: ['publisher'] as TaskRole[] };
  const aud = { actor: t.auditor, roles: ['auditor'] as TaskRole[] };
  const own = { actor: t.owner, roles: ['owner'] as TaskRole[] };
  const k = t.kssj;
  if (t.stage === 'add') return e;
  e.push({ at: addDays(k, -9), action: 'submitAudit', ...pub });
  if (t.stage === 'submitted') return e;
  if (t.stage === 'failed') return [...e, { at: addDays(k, -8), action: 'failAudit', ...aud, reason: t.reason }];
  e.push({ at: addDays(k, -8), action: 'passAudit', ...aud });
  if (t.stage === 'audited') return e;
  e.push({ at: addDays(k, -7), action: 'push', ...pub });
  if (t.stage === 'pushed') return e;
  if (t.stage === 'sentBack') return [...e, { at: addDays(k, -5), action: 'sendBack', ...own, reason: t.reason }];
  e.push({ at: addDays(k, -5), action: 'accept', ...own });
  // A task to decompose is resolved once its children exist (they are added ten days before they start); a leaf is
  // defined with its quantified target.
  if (t.stage === 'started') {
    const firstChild = TASKS.filter((c) => c.parent === t.id).map((c) => addDays(c.kssj, -9)).sort()[0];
    const at = firstChild !== undefined && firstChild > addDays(k, -3) ? firstChild : addDays(k, -3);
    e.push({ at, action: lastLevel ? 'define' : 'resolve', ...own });
  }
  const later: Event[] = [];
  for (const r of t.reports ?? []) {
    later.push({ at: r.at, action: 'report', ...own, report: r });
    if (r.audit) {
      const [audit, at, reason] = r.audit;
      const byParent = audit === 'childPass';
      const parentOwner = TASKS.find((p) => p.id === t.parent)?.owner;
      if (byParent && !parentOwner) throw new Error(`demo task ${t.id}: childPass needs a parent`);
      later.push({ at, action: audit === 'reject' ? 'rejectReport' : 'passReport', actor: byParent ? parentOwner! : t.auditor, roles: [byParent ? 'parentOwner' : 'auditor'], reason, report: r });
    }
  }
  if (t.delay) {
    later.push({ at: t.delay.at, action: 'requestDelay', ...own, reason: t.delay.reason, delay: t.delay });
    if (t.delay.decision) {
      const [decision, at, reason] = t.delay.decision;
      later.push({ at, action: decision === 'granted' ? 'grantDelay' : 'refuseDelay', ...aud, reason, delay: t.delay });
    }
  }
  if (t.urge) {
    later.push({ at: t.urge.at, action: 'urge', actor: t.urge.by, roles: ['head'], urge: t.urge });
    if (t.urge.accepted) later.push({ at: t.urge.accepted, action: 'acceptUrge', ...own, urge: t.urge });
  }
  if (t.pause) later.push({ at: t.pause, action: 'pause', ...pub });
  // Stable: a report's audit keeps after the report on the same day.
  return [...e, ...later.sort((a, b) => a.at.localeCompare(b.at))];
}

/** Loads the demo tasks when none is there yet and the 2026 targets are (people's changes survive a restart). */
export async function seedDemoTargetTasks(m: EntityManager): Promise<number> {
  const present: unknown[] = await m.query(`SELECT 1 FROM target_task WHERE id = $1`, [TASKS[0]!.id]);
  if (present.length > 0) return 0;
  const targets = [...new Set(TASKS.map((t) => t.target))];
  const [{ n }] = (await m.query(`SELECT count(*)::int AS n FROM year_target WHERE id = ANY($1)`, [targets])) as [{ n: number }];
  if (n < targets.length) {
    new Logger('Seed').warn('demo target tasks skipped: a 2025 or 2026 demo year target is missing');
    return 0;
  }
  await seedPeople(m);
  for (const t of TASKS) await seedTask(m, t);
  return TASKS.length;
}

async function seedPeople(m: EntityManager): Promise<void> {
  for (const [id, account, name, org, sex, heads] of DEMO_TASK_PEOPLE) {
    // Their password is the demo one: the same hash as the demo owner's.
    await m.query(
      `INSERT INTO app_user (id, account, name, password_hash, org_id, user_type_id, sex)
       SELECT $1, $2, $3, password_hash, $4, 't-teacher', $5 FROM app_user WHERE id = 'u-owner' ON CONFLICT DO NOTHING`,
      [id, account, name, org, sex],
    );
    await m.query(`INSERT INTO user_role (user_id, role_id) SELECT $1, id FROM role WHERE code = 'targetTaskOwner' ON CONFLICT DO NOTHING`, [id]);
    if (heads) await m.query(`UPDATE department SET charge_user_id = $2 WHERE id = $1 AND charge_user_id IS NULL`, [org, id]);
  }
}

const stamp = (date: string, i: number) => `${date}T09:${String(i % 60).padStart(2, '0')}:00+08:00`;

async function seedTask(m: EntityManager, t: DemoTask): Promise<void> {
  const lastLevel = !TASKS.some((c) => c.parent === t.id);
  const created = stamp(addDays(t.kssj, -10), 0);
  await m.query(
    `INSERT INTO target_task (id, year_target_id, parent_id, rwmc, rwlx, exam_type, rwnf, kssj, jssj, publish_department_id, charge_department_id,
                              owner_id, auditor_id, supervisor_id, creator_id, target_unit, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17)`,
    [t.id, t.target, t.parent ?? null, t.rwmc, t.rwlx, t.exam ?? 'score', t.rwnf ?? '2026', t.kssj, t.jssj, PUBLISH_DEPARTMENT, t.dept,
      t.owner, t.auditor, t.rwlx === 'A' ? 'u-leader' : null, PUBLISHER, t.unit, created],
  );
  for (const [department, owner] of t.coop ?? []) {
    await m.query(`INSERT INTO target_task_coop_department (task_id, department_id, owner_id, created_at) VALUES ($1, $2, $3, $4)`, [t.id, department, owner, created]);
  }
  await m.query(`INSERT INTO task_history (task_id, actor_id, at, action, to_state) VALUES ($1, $2, $3, 'add', 'notPushed')`, [t.id, PUBLISHER, created]);

  let facts: TaskFacts = {
    rwjd: 'notPushed', paused: false, auditState: null, lastLevel, childCount: TASKS.filter((c) => c.parent === t.id).length,
    jssj: t.jssj, pendingReport: null, pendingDelay: null, urge: null,
  };
  let targetValue: number | null = null;
  let audit: { reason: string | null; by: string; at: string } | null = null;
  let reportId: string | null = null;
  let delayId: string | null = null;
  let urgeId: string | null = null;
  for (const [i, ev] of eventsOf(t, lastLevel).entries()) {
    const at = stamp(ev.at, i + 1);
    if (ev.at > '2026-11-24') throw new Error(`demo task ${t.id}: ${ev.action} on ${ev.at} is after the demo's today`);
    const result = move(facts, ev.action, new Set(ev.roles), {
      reason: ev.reason ?? null,
      reportType: ev.report?.kind,
      newEndDate: ev.delay?.to ?? null,
      target: ev.action === 'define' ? (t.value ?? null) : null,
    });
    if (!result.ok) throw new Error(`demo task ${t.id}: ${ev.action} refused: ${result.message}`);
    const from: Rwjd = facts.rwjd;
    facts = result.next;
    if (ev.action === 'define') targetValue = t.value ?? null;
    if (ev.action === 'submitAudit' || ev.action === 'passAudit' || ev.action === 'failAudit') {
      if (ev.action !== 'submitAudit') audit = { reason: ev.reason ?? null, by: ev.actor, at };
    }
    if (ev.action === 'report' && ev.report) {
      const [{ id }] = (await m.query(
        `INSERT INTO progress_report (task_id, kind, content, value_reached, period_key, reported_by, reported_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [t.id, ev.report.kind, ev.report.content, ev.report.value, quarterOf(ev.at), ev.actor, at],
      )) as [{ id: string }];
      reportId = id;
    }
    if ((ev.action === 'passReport' || ev.action === 'rejectReport') && result.reportAudit) {
      await m.query(`UPDATE progress_report SET audit_state = $2, audit_reason = $3, audited_by = $4, audited_at = $5 WHERE id = $1`,
        [reportId, result.reportAudit, ev.reason ?? null, ev.actor, at]);
      if (result.reportAudit !== ev.report?.audit?.[0]) throw new Error(`demo task ${t.id}: the audit is ${result.reportAudit}`);
    }
    if (ev.action === 'requestDelay' && ev.delay) {
      const [{ id }] = (await m.query(
        `INSERT INTO task_delay (task_id, old_end_date, new_end_date, reason, requested_by, requested_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [t.id, t.jssj, ev.delay.to, ev.delay.reason, ev.actor, at],
      )) as [{ id: string }];
      delayId = id;
    }
    if (ev.action === 'grantDelay' || ev.action === 'refuseDelay') {
      await m.query(`UPDATE task_delay SET decision = $2, decision_reason = $3, decided_by = $4, decided_at = $5 WHERE id = $1`,
        [delayId, ev.action === 'grantDelay' ? 'granted' : 'refused', ev.reason ?? null, ev.actor, at]);
    }
    if (ev.action === 'urge' && ev.urge) {
      const [{ id }] = (await m.query(
        `INSERT INTO task_urge (task_id, urge_type, status, message, from_user_id, to_user_id, created_at) VALUES ($1, 0, $2, $3, $4, $5, $6) RETURNING id`,
        [t.id, result.urgeStatus ?? null, ev.urge.message, ev.actor, t.owner, at],
      )) as [{ id: string }];
      urgeId = id;
    }
    if (ev.action === 'acceptUrge') {
      await m.query(`UPDATE task_urge SET state = 'acceptUrge', urge_type = 1, accepted_at = $2 WHERE id = $1`, [urgeId, at]);
    }
    await m.query(`INSERT INTO task_history (task_id, actor_id, at, action, from_state, to_state, reason) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [t.id, ev.actor, at, ev.action, from, facts.rwjd, ev.reason ?? null]);
  }
  const taskState = facts.rwjd === 'hasDone' || facts.rwjd === 'delayDone' ? 'finished' : facts.paused ? 'pause' : 'normal';
  await m.query(
    `UPDATE target_task SET rwjd = $2, task_state = $3, audit_state = $4, jssj = $5, target_value = $6, audit_reason = $7, audited_by = $8, audited_at = $9
     WHERE id = $1`,
    [t.id, facts.rwjd, taskState, facts.auditState ?? 0, facts.jssj, targetValue, audit?.reason ?? null, audit?.by ?? null, audit?.at ?? null],
  );
}

/** The demo tasks' ids (the e2e check reads them). */
export const DEMO_TARGET_TASK_IDS = TASKS.map((t) => t.id);
