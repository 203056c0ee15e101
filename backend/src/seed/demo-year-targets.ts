import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { seedDemoTargetTasks } from './demo-target-tasks.js';

/** id, year, dimension, name, description: the demo school's year targets, four a year across the five systems. */
const YEAR_TARGETS: Array<[string, string, string, string, string]> = [
  ['yt-2025-1', '2025', 'dim-jczh', '完善学校质量保证体系顶层设计', '修订学校“十四五”事业发展规划中期评估方案，形成五纵五横质量保证体系运行制度汇编。'],
  ['yt-2025-2', '2025', 'dim-zlsc', '提升专业人才培养质量', '完成全部专业人才培养方案修订，毕业生初次就业率不低于95%，职业资格证书获取率不低于90%。'],
  ['yt-2025-3', '2025', 'dim-zyjs', '加强“双师型”教师队伍建设', '“双师型”教师占专业课教师比例达到65%，新增省级教学团队1个。'],
  ['yt-2025-4', '2025', 'dim-jdkz', '健全教学质量监测与预警机制', '建成校级质量数据中心，覆盖专业、课程、教师、学生四个层面的质控点监测。'],
  ['yt-2026-1', '2026', 'dim-jczh', '编制学校“十五五”发展规划', '完成学校“十五五”事业发展规划及专项规划编制，建立规划目标任务分解与年度考核机制。'],
  ['yt-2026-2', '2026', 'dim-zlsc', '深化产教融合与专业群建设', '建成3个省级高水平专业群，新增校企合作订单班10个，企业参与人才培养方案制订比例达到100%。'],
  ['yt-2026-3', '2026', 'dim-zyjs', '推进智慧校园与数字化教学资源建设', '新建在线开放课程20门，校级教学资源库覆盖全部专业核心课程。'],
  ['yt-2026-4', '2026', 'dim-zcfw', '提升学生服务与就业创业指导水平', '毕业生就业去向落实率不低于96%，学生满意度达到90%以上。'],
  ['yt-2026-5', '2026', 'dim-jdkz', '完善内部质量诊断与改进常态化运行', '各层面诊改报告按期完成率100%，质控点预警处置率不低于95%。'],
];

/**
 * The demo school's year targets of 2025 and 2026, published by the year target publisher (质管处), and the 2026
 * targets' tasks. Idempotent: targets that exist are left as they are, so people's edits survive a restart.
 */
export async function seedDemoYearTargets(dataSource: DataSource): Promise<void> {
  let tasks = 0;
  await dataSource.transaction(async (m) => {
    for (const [id, year, dimension, name, description] of YEAR_TARGETS) {
      await m.query(
        `INSERT INTO year_target (id, name, cycle_year, dimension_id, description, creator_id, publish_department_id)
         VALUES ($1, $2, $3, $4, $5, 'u-publisher', 'd-zlb') ON CONFLICT DO NOTHING`,
        [id, name, year, dimension, description],
      );
    }
  });
  // The 2026 targets' tasks, with their whole life (demo-target-tasks.ts); skipped once loaded. A step the task rules
  // refuse (they changed, the demo did not) leaves the demo without tasks, never the app without a start
  // (demo-values.e2e-spec.ts fails on it).
  try {
    tasks = await dataSource.transaction((m) => seedDemoTargetTasks(m));
  } catch (error) {
    new Logger('Seed').error(`demo target tasks not loaded: ${error instanceof Error ? error.message : String(error)}`);
  }
  new Logger('Seed').log(`demo year targets ready: ${YEAR_TARGETS.length}${tasks > 0 ? `, ${tasks} target tasks loaded` : ''}`);
}
