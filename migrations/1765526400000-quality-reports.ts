import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Quality reports (issue 14; 001 §2 report header and overview, §3, §7 items 15–16): templates and covers (one default
 * of each), reports with their scopes, frozen overview and tables, reviews, history, shares and discussion. The
 * 质量报告 menu opens its page (component QualityReport) instead of the placeholder.
 */
export class QualityReports1765526400000 implements MigrationInterface {
  name = 'QualityReports1765526400000';

  async up(q: QueryRunner): Promise<void> {
    // A template: the three overview items (id, isChecked, heading, fixed text) and the opening and closing texts.
    await q.query(`
      CREATE TABLE report_template (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        name varchar(60) NOT NULL CHECK (btrim(name) <> ''),
        items jsonb NOT NULL,
        preface varchar(1000) NOT NULL DEFAULT '',
        closing varchar(1000) NOT NULL DEFAULT '',
        is_default boolean NOT NULL DEFAULT false,
        creator_id varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX report_template_one_default ON report_template ((true)) WHERE is_default AND deleted_at IS NULL`);

    // A cover: a background image (a stored file, storage key) and where and how the title sits on it.
    await q.query(`
      CREATE TABLE report_cover (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        name varchar(60) NOT NULL CHECK (btrim(name) <> ''),
        layout jsonb NOT NULL,
        image_key varchar(100) NOT NULL,
        image_type varchar(20) NOT NULL CHECK (image_type IN ('image/png', 'image/jpeg')),
        is_default boolean NOT NULL DEFAULT false,
        creator_id varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX report_cover_one_default ON report_cover ((true)) WHERE is_default AND deleted_at IS NULL`);

    // A report. template and cover are copied in when it is built (a later edit of either leaves it as it was);
    // overview and tables are frozen then too. document_key: the Word file last written (null: write it again).
    await q.query(`
      CREATE TABLE quality_report (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        report_name varchar(100) NOT NULL CHECK (btrim(report_name) <> ''),
        cycle_value varchar(40) NOT NULL,
        scopes jsonb NOT NULL,
        template_id varchar(64) REFERENCES report_template(id) ON DELETE SET NULL,
        template jsonb NOT NULL,
        cover_id varchar(64) REFERENCES report_cover(id) ON DELETE SET NULL,
        cover jsonb NOT NULL,
        principal varchar(20) NOT NULL,
        author_id varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        state varchar(20) NOT NULL DEFAULT 'building'
          CHECK (state IN ('building', 'failed', 'draft', 'submitted', 'expertPassed', 'published', 'rejected')),
        overview jsonb,
        tables jsonb,
        score numeric(8, 2),
        built_at timestamptz,
        fail_reason varchar(500),
        expert_review jsonb,
        school_review jsonb,
        reject_reason varchar(500),
        document_key varchar(100),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    await q.query(`CREATE INDEX quality_report_list_idx ON quality_report(created_at DESC) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX quality_report_author_idx ON quality_report(author_id)`);

    // Every step of a report (built, submitted, reviewed, rejected, shared, rebuilt …), who and when.
    await q.query(`
      CREATE TABLE report_history (
        id bigserial PRIMARY KEY,
        report_id varchar(64) NOT NULL REFERENCES quality_report(id) ON DELETE CASCADE,
        action varchar(20) NOT NULL,
        actor_id varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        actor_name varchar(60) NOT NULL,
        comment varchar(500) NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX report_history_report_idx ON report_history(report_id, id)`);

    // Who a report is shared with (read only): people or departments.
    await q.query(`
      CREATE TABLE report_share (
        report_id varchar(64) NOT NULL REFERENCES quality_report(id) ON DELETE CASCADE,
        target_type varchar(10) NOT NULL CHECK (target_type IN ('user', 'department')),
        target_id varchar(64) NOT NULL,
        shared_by varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (report_id, target_type, target_id)
      )`);
    await q.query(`CREATE INDEX report_share_target_idx ON report_share(target_type, target_id)`);

    // The discussion: comments with the people they mention.
    await q.query(`
      CREATE TABLE report_comment (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        report_id varchar(64) NOT NULL REFERENCES quality_report(id) ON DELETE CASCADE,
        author_id varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        author_name varchar(60) NOT NULL,
        content varchar(500) NOT NULL CHECK (btrim(content) <> ''),
        mention_ids varchar(64)[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX report_comment_report_idx ON report_comment(report_id, created_at)`);

    await q.query(`UPDATE menu SET component = 'QualityReport' WHERE key = 'ly_herm_qualityReport'`);
    // Task owners and department auditors write their objects' reports and read what is shared with them.
    await q.query(
      `INSERT INTO role_menu (role_id, menu_key) SELECT id, 'ly_herm_qualityReport' FROM role WHERE id = ANY($1::varchar[]) ON CONFLICT DO NOTHING`,
      [['r-owner', 'r-auditor']],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM role_menu WHERE menu_key = 'ly_herm_qualityReport' AND role_id IN ('r-owner', 'r-auditor')`);
    await q.query(`UPDATE menu SET component = 'Placeholder' WHERE key = 'ly_herm_qualityReport'`);
    for (const t of ['report_comment', 'report_share', 'report_history', 'quality_report', 'report_cover', 'report_template']) {
      await q.query(`DROP TABLE IF EXISTS ${t}`);
    }
  }
}
