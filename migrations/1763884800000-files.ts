import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Evidence files: chunked uploads and their merges, stored files, shares and attachments to an owner
 * (a quality point today; owner_type keeps it generic).
 */
export class Files1763884800000 implements MigrationInterface {
  name = 'Files1763884800000';

  async up(q: QueryRunner): Promise<void> {
    // One row an upload in progress; the person who sent its first chunk owns it.
    await q.query(`
      CREATE TABLE upload_session (
        guid varchar(64) PRIMARY KEY,
        user_id varchar(64) NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        total_chunks int NOT NULL CHECK (total_chunks > 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX upload_session_updated_idx ON upload_session(updated_at)`);
    await q.query(`
      CREATE TABLE doc_file (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        storage_key varchar(200) NOT NULL UNIQUE,
        file_name varchar(100) NOT NULL,
        ext varchar(10) NOT NULL,
        size bigint NOT NULL CHECK (size >= 0),
        sha256 char(64) NOT NULL,
        mime varchar(100) NOT NULL,
        lx_id varchar(64) REFERENCES file_type(id) ON DELETE SET NULL,
        lxmc varchar(60),
        bz varchar(500),
        yxqx varchar(40),
        uploader_id varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX doc_file_uploader_idx ON doc_file(uploader_id, created_at DESC)`);
    // The merge of one upload: what was asked (params), then done with its file or failed with the message shown.
    await q.query(`
      CREATE TABLE upload_merge (
        guid varchar(64) PRIMARY KEY,
        user_id varchar(64) NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        state varchar(7) NOT NULL CHECK (state IN ('waiting', 'done', 'failed')),
        params jsonb NOT NULL,
        file_id varchar(64) REFERENCES doc_file(id) ON DELETE SET NULL,
        message varchar(200),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX upload_merge_state_idx ON upload_merge(state, updated_at)`);
    await q.query(`
      CREATE TABLE file_share (
        file_id varchar(64) NOT NULL REFERENCES doc_file(id) ON DELETE CASCADE,
        user_id varchar(64) NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (file_id, user_id)
      )`);
    await q.query(`CREATE INDEX file_share_user_idx ON file_share(user_id)`);
    await q.query(`
      CREATE TABLE attachment (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        file_id varchar(64) NOT NULL REFERENCES doc_file(id) ON DELETE CASCADE,
        owner_type varchar(40) NOT NULL,
        owner_id varchar(64) NOT NULL,
        obj_task_id varchar(64),
        stage varchar(12) NOT NULL CHECK (stage IN ('mbbz', 'jcyj', 'zwzd', 'zjgj', 'unfinish', 'disqualified')),
        created_by varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX attachment_owner_idx ON attachment(owner_type, owner_id)`);
    await q.query(`CREATE INDEX attachment_file_idx ON attachment(file_id)`);
    // The same file attached twice to one owner, task and stage is one attachment.
    await q.query(`CREATE UNIQUE INDEX attachment_once ON attachment(owner_type, owner_id, coalesce(obj_task_id, ''), stage, file_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['attachment', 'file_share', 'upload_merge', 'doc_file', 'upload_session']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
