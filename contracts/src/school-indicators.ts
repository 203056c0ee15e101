// School analysis (issue 16): the national indicators schools are compared on, the school catalogues (levels,
// natures, provinces) and the selection bounds. Plain values, so the browser's bundle takes them as they are.

/** Indicator categories as 000 §9 renames them for display (人才培养 → 计分卡 …). */
export const INDICATOR_CATEGORIES = ['人才培养', '教学条件', '国际交流', '社会服务', '政策落实'] as const;
export type IndicatorCategory = (typeof INDICATOR_CATEGORIES)[number];
export const INDICATOR_CATEGORY_LABELS: Record<IndicatorCategory, string> = {
  人才培养: '计分卡',
  教学条件: '资源表',
  国际交流: '国际影响表',
  社会服务: '服务贡献表',
  政策落实: '落实政策表',
};

/**
 * An indicator of the national status data: its code (stable, used in URLs and the data), name, unit, category,
 * whether more is better (rank order), and the decimals it is shown with.
 */
export interface SchoolIndicator {
  code: string;
  name: string;
  unit: string;
  category: IndicatorCategory;
  higherIsBetter: boolean;
  decimals: number;
}

export const SCHOOL_INDICATORS: readonly SchoolIndicator[] = [
  { code: 'students', name: '全日制在校生数', unit: '人', category: '教学条件', higherIsBetter: true, decimals: 0 },
  { code: 'teachers', name: '专任教师数', unit: '人', category: '教学条件', higherIsBetter: true, decimals: 0 },
  { code: 'student_teacher_ratio', name: '生师比', unit: '', category: '教学条件', higherIsBetter: false, decimals: 2 },
  { code: 'dual_teacher_rate', name: '双师型教师比例', unit: '%', category: '教学条件', higherIsBetter: true, decimals: 2 },
  { code: 'senior_title_rate', name: '高级职称专任教师比例', unit: '%', category: '教学条件', higherIsBetter: true, decimals: 2 },
  { code: 'equipment_per_student', name: '生均教学科研仪器设备值', unit: '元', category: '教学条件', higherIsBetter: true, decimals: 0 },
  { code: 'building_per_student', name: '生均教学行政用房面积', unit: '平方米', category: '教学条件', higherIsBetter: true, decimals: 2 },
  { code: 'books_per_student', name: '生均纸质图书', unit: '册', category: '教学条件', higherIsBetter: true, decimals: 0 },
  { code: 'funding_per_student', name: '生均财政拨款水平', unit: '元', category: '政策落实', higherIsBetter: true, decimals: 0 },
  { code: 'majors', name: '开设专业数', unit: '个', category: '人才培养', higherIsBetter: true, decimals: 0 },
  { code: 'enrolment_rate', name: '招生计划完成率', unit: '%', category: '人才培养', higherIsBetter: true, decimals: 2 },
  { code: 'employment_rate', name: '毕业生就业率', unit: '%', category: '人才培养', higherIsBetter: true, decimals: 2 },
  { code: 'matched_employment_rate', name: '专业对口就业率', unit: '%', category: '人才培养', higherIsBetter: true, decimals: 2 },
  { code: 'monthly_income', name: '毕业半年后月收入', unit: '元', category: '人才培养', higherIsBetter: true, decimals: 0 },
  { code: 'employer_satisfaction', name: '雇主满意度', unit: '%', category: '人才培养', higherIsBetter: true, decimals: 2 },
  { code: 'certificate_rate', name: '职业技能等级证书获取率', unit: '%', category: '人才培养', higherIsBetter: true, decimals: 2 },
  { code: 'contest_awards', name: '国家级职业技能大赛获奖数', unit: '项', category: '人才培养', higherIsBetter: true, decimals: 0 },
  { code: 'partner_companies', name: '校企合作企业数', unit: '家', category: '社会服务', higherIsBetter: true, decimals: 0 },
  { code: 'order_training', name: '订单培养学生数', unit: '人', category: '社会服务', higherIsBetter: true, decimals: 0 },
  { code: 'tech_service_income', name: '技术服务到款额', unit: '万元', category: '社会服务', higherIsBetter: true, decimals: 2 },
  { code: 'social_training_days', name: '非学历培训人日数', unit: '人日', category: '社会服务', higherIsBetter: true, decimals: 0 },
  { code: 'patents', name: '专利授权数', unit: '项', category: '社会服务', higherIsBetter: true, decimals: 0 },
  { code: 'intl_students', name: '全日制国（境）外留学生数', unit: '人', category: '国际交流', higherIsBetter: true, decimals: 0 },
  { code: 'intl_standards', name: '开发并被国（境）外采用的专业教学标准数', unit: '个', category: '国际交流', higherIsBetter: true, decimals: 0 },
];

/** School levels (办学层次) and natures (办学性质) of the settings dialog (000 §2). */
export const SCHOOL_LEVELS = ['国家示范（骨干）', '省级示范（骨干）', '优质专科高职', '一般高职'] as const;
export const SCHOOL_NATURES = ['公办', '民办'] as const;

/** The 31 provincial divisions of the mainland, as the province filter lists them. */
export const SCHOOL_PROVINCES = [
  '北京', '天津', '河北', '山西', '内蒙古', '辽宁', '吉林', '黑龙江', '上海', '江苏', '浙江', '安徽', '福建', '江西', '山东', '河南',
  '湖北', '湖南', '广东', '广西', '海南', '重庆', '四川', '贵州', '云南', '西藏', '陕西', '甘肃', '青海', '宁夏', '新疆',
] as const;

/** How many schools a unit query takes: the footer hint "at least N and at most M" (000 §2). */
export const SCHOOL_SELECTION = { min: 2, max: 10 } as const;

/** Years of indicator data the generated national set covers (ten, ending with the last complete year). */
export const GENERATED_YEARS = { first: 2016, last: 2025 } as const;
