import { Logger } from '@nestjs/common';
import type { CardChart, CardSource, DashboardTile } from '@zhengai/contracts';
import type { DataSource } from 'typeorm';

/** id, name, cm, chart, source, indicator: the demo's school-level cards (every CARD_SOURCE at least once). */
const CARDS: Array<[string, string, string, CardChart, CardSource, string?]> = [
  ['pt-card-grade', '质控点等级分布', 'card_points_grade', 'pie', 'points-by-grade'],
  ['pt-card-warning', '预警处理情况', 'card_warning_state', 'pie', 'warnings-by-state'],
  ['pt-card-task', '目标任务完成情况', 'card_task_state', 'bar', 'tasks-by-state'],
  ['pt-card-collection', '数据采集进度', 'card_collection_task', 'bar', 'collection-by-task'],
  ['pt-card-figures', '运行监测指标', 'card_monitoring_radar', 'radar', 'monitoring-figures'],
  ['pt-card-overview', '运行概况', 'card_monitoring_number', 'number', 'monitoring-figures'],
  ['pt-card-rival', '竞争对手排名', 'card_rival_ranks', 'radar', 'rival-ranks'],
  ['pt-card-employment', '毕业生就业率趋势', 'card_employment_trend', 'line', 'indicator-trend', 'employment_rate'],
  ['pt-card-dual', '双师型教师比例趋势', 'card_dual_teacher_trend', 'bar', 'indicator-trend', 'dual_teacher_rate'],
  ['pt-card-ratio', '生师比排名', 'card_student_teacher_rank', 'line', 'indicator-rank', 'student_teacher_ratio'],
];

/** id, name, cm, parent, cards: menus (运行状态 holds a sub-menu). */
const MENUS: Array<[string, string, string, string | null, string[]]> = [
  ['pt-menu-conditions', '办学条件', 'menu_conditions', null, ['pt-card-dual', 'pt-card-ratio', 'pt-card-rival']],
  ['pt-menu-training', '人才培养', 'menu_training', null, ['pt-card-employment', 'pt-card-rival']],
  ['pt-menu-operation', '运行状态', 'menu_operation', null, ['pt-card-figures', 'pt-card-overview', 'pt-card-task', 'pt-card-collection']],
  ['pt-menu-quality', '质量监测', 'menu_quality', 'pt-menu-operation', ['pt-card-grade', 'pt-card-warning']],
];

const SCREENS: Array<[string, string, string, string[]]> = [
  ['pt-screen-school', '学校综合画像', 'screen_school', ['pt-card-figures', 'pt-card-rival', 'pt-card-employment', 'pt-card-dual', 'pt-card-ratio']],
  ['pt-screen-monitoring', '运行监测大屏', 'screen_monitoring', ['pt-card-overview', 'pt-card-grade', 'pt-card-warning', 'pt-card-task', 'pt-card-collection', 'pt-card-figures']],
];

/** Every record is granted to these; the expert reads all but the cards below (so the ByAuth reads visibly differ). */
const READERS = ['r-admin', 'r-leader', 'r-publisher'];
const NOT_FOR_EXPERT = new Set(['card_task_state', 'card_collection_task']);

const DEFAULT_TILES: DashboardTile[] = [
  { cardId: 'pt-card-figures', width: 1 },
  { cardId: 'pt-card-grade', width: 1 },
  { cardId: 'pt-card-employment', width: 2 },
  { cardId: 'pt-card-rival', width: 1 },
  { cardId: 'pt-card-task', width: 1 },
];

/** The demo's portraits: cards, menus, screens, their grants and two default dashboards. Skipped once any portrait exists. */
export async function seedDemoPortrayals(ds: DataSource): Promise<void> {
  const [{ count }] = (await ds.query(`SELECT count(*)::int AS count FROM portrayal`)) as [{ count: number }];
  if (count > 0) return;
  await ds.transaction(async (m) => {
    for (const [i, [id, name, cm, chart, source, indicator]] of CARDS.entries()) {
      await m.query(
        `INSERT INTO portrayal (id, kind, name, nametwo, cm, level, sort_order, description, content) VALUES ($1, 'card', $2, $2, $3, 'school', $4, $5, $6::jsonb)`,
        [id, name, cm, i, `学校画像卡片：${name}`, JSON.stringify(indicator ? { chart, source, indicator } : { chart, source })],
      );
    }
    for (const [i, [id, name, cm, parent]] of MENUS.entries()) {
      await m.query(`INSERT INTO portrayal (id, kind, name, nametwo, cm, level, parent_id, sort_order) VALUES ($1, 'menu', $2, $2, $3, 'school', $4, $5)`, [id, name, cm, parent, i]);
    }
    for (const [i, [id, name, cm]] of SCREENS.entries()) {
      await m.query(`INSERT INTO portrayal (id, kind, name, nametwo, cm, level, sort_order) VALUES ($1, 'screen', $2, $2, $3, 'school', $4)`, [id, name, cm, i]);
    }
    for (const [holder, cards] of [...MENUS.map(([id, , , , cards]) => [id, cards] as const), ...SCREENS.map(([id, , , cards]) => [id, cards] as const)]) {
      await m.query(`INSERT INTO portrayal_card (holder_id, card_id, sort_order) SELECT $1, c.id, c.n FROM unnest($2::varchar[]) WITH ORDINALITY AS c(id, n)`, [holder, cards]);
    }
    const cms = [...CARDS.map((c) => c[2]), ...MENUS.map((c) => c[2]), ...SCREENS.map((c) => c[2])];
    await m.query(`INSERT INTO portrayal_grant (cm, role_id) SELECT c, r FROM unnest($1::varchar[]) c, unnest($2::varchar[]) r`, [cms, READERS]);
    await m.query(`INSERT INTO portrayal_grant (cm, role_id) SELECT c, 'r-expert' FROM unnest($1::varchar[]) c`, [cms.filter((c) => !NOT_FOR_EXPERT.has(c))]);
    await m.query(
      `INSERT INTO dashboard (user_id, tiles) SELECT id, $2::jsonb FROM app_user WHERE id = ANY($1::varchar[]) ON CONFLICT (user_id) DO NOTHING`,
      [['u-admin', 'u-leader'], JSON.stringify(DEFAULT_TILES)],
    );
  });
  new Logger('Seed').log(`demo portraits ready: ${CARDS.length} cards, ${MENUS.length} menus, ${SCREENS.length} screens`);
}
