import type { EngineDatabase } from './engine-database';

// The engine's own schema, applied in order and recorded in eng_schema_migration. Migrations are
// never edited once released: add a new entry instead. Times are epoch milliseconds (BIGINT), so
// no session time zone can shift them.

interface Migration {
  version: number;
  name: string;
  up: string[];
}

const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin';

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'create engine tables',
    up: [
      `CREATE TABLE eng_deployment (
        id VARCHAR(64) NOT NULL PRIMARY KEY,
        name VARCHAR(255) NULL,
        source VARCHAR(255) NULL,
        tenant_id VARCHAR(64) NULL,
        deployment_time BIGINT NOT NULL
      ) ${TABLE}`,
      `CREATE TABLE eng_process_definition (
        id VARCHAR(255) NOT NULL PRIMARY KEY,
        def_key VARCHAR(255) NOT NULL,
        version INT NOT NULL,
        name VARCHAR(255) NULL,
        deployment_id VARCHAR(64) NOT NULL,
        resource_name VARCHAR(255) NOT NULL,
        version_tag VARCHAR(255) NULL,
        history_ttl INT NULL,
        xml_hash CHAR(64) NOT NULL,
        xml MEDIUMTEXT NOT NULL,
        source_context MEDIUMTEXT NOT NULL,
        created BIGINT NOT NULL,
        UNIQUE KEY uq_def_key_version (def_key, version)
      ) ${TABLE}`,
      `CREATE TABLE eng_message_start (
        definition_id VARCHAR(255) NOT NULL,
        def_key VARCHAR(255) NOT NULL,
        version INT NOT NULL,
        activity_id VARCHAR(255) NOT NULL,
        message_id VARCHAR(255) NOT NULL,
        message_name VARCHAR(255) NOT NULL,
        PRIMARY KEY (definition_id, activity_id),
        KEY ix_mst_name (message_name)
      ) ${TABLE}`,
      `CREATE TABLE eng_process_instance (
        id VARCHAR(64) NOT NULL PRIMARY KEY,
        definition_id VARCHAR(255) NOT NULL,
        definition_key VARCHAR(255) NOT NULL,
        business_key VARCHAR(255) NULL,
        start_activity_id VARCHAR(255) NULL,
        state MEDIUMTEXT NOT NULL,
        variables MEDIUMTEXT NOT NULL,
        waits TEXT NOT NULL,
        rev INT NOT NULL DEFAULT 1,
        created BIGINT NOT NULL,
        KEY ix_pi_business_key (business_key),
        KEY ix_pi_definition_key (definition_key)
      ) ${TABLE}`,
      `CREATE TABLE eng_external_task (
        id VARCHAR(64) NOT NULL PRIMARY KEY,
        process_instance_id VARCHAR(64) NOT NULL,
        execution_id VARCHAR(255) NOT NULL,
        activity_id VARCHAR(255) NOT NULL,
        topic_name VARCHAR(255) NOT NULL,
        priority BIGINT NOT NULL DEFAULT 0,
        retries INT NULL,
        error_message TEXT NULL,
        error_details MEDIUMTEXT NULL,
        worker_id VARCHAR(255) NULL,
        lock_expiration BIGINT NULL,
        create_time BIGINT NOT NULL,
        definition_id VARCHAR(255) NOT NULL,
        definition_key VARCHAR(255) NOT NULL,
        version_tag VARCHAR(255) NULL,
        business_key VARCHAR(255) NULL,
        local_variables TEXT NULL,
        UNIQUE KEY uq_et_execution (process_instance_id, execution_id),
        KEY ix_et_fetch (topic_name, lock_expiration)
      ) ${TABLE}`,
      `CREATE TABLE eng_user_task (
        id VARCHAR(64) NOT NULL PRIMARY KEY,
        process_instance_id VARCHAR(64) NOT NULL,
        execution_id VARCHAR(255) NOT NULL,
        activity_id VARCHAR(255) NOT NULL,
        name VARCHAR(255) NULL,
        assignee VARCHAR(255) NULL,
        form_key VARCHAR(255) NULL,
        priority INT NOT NULL DEFAULT 50,
        created BIGINT NOT NULL,
        definition_id VARCHAR(255) NOT NULL,
        definition_key VARCHAR(255) NOT NULL,
        business_key VARCHAR(255) NULL,
        UNIQUE KEY uq_ut_execution (process_instance_id, execution_id),
        KEY ix_ut_assignee (assignee)
      ) ${TABLE}`,
      `CREATE TABLE eng_timer_job (
        process_instance_id VARCHAR(64) NOT NULL,
        execution_id VARCHAR(255) NOT NULL,
        activity_id VARCHAR(255) NOT NULL,
        due_at BIGINT NOT NULL,
        PRIMARY KEY (process_instance_id, execution_id),
        KEY ix_tj_due (due_at)
      ) ${TABLE}`,
      `CREATE TABLE eng_message_subscription (
        process_instance_id VARCHAR(64) NOT NULL,
        execution_id VARCHAR(255) NOT NULL,
        activity_id VARCHAR(255) NOT NULL,
        message_name VARCHAR(255) NOT NULL,
        message_id VARCHAR(255) NOT NULL,
        business_key VARCHAR(255) NULL,
        created BIGINT NOT NULL,
        PRIMARY KEY (process_instance_id, execution_id),
        KEY ix_ms_name (message_name)
      ) ${TABLE}`,
      `CREATE TABLE eng_hist_process_instance (
        id VARCHAR(64) NOT NULL PRIMARY KEY,
        definition_id VARCHAR(255) NOT NULL,
        definition_key VARCHAR(255) NOT NULL,
        definition_version INT NOT NULL,
        definition_name VARCHAR(255) NULL,
        business_key VARCHAR(255) NULL,
        start_time BIGINT NOT NULL,
        end_time BIGINT NULL,
        start_activity_id VARCHAR(255) NULL,
        delete_reason TEXT NULL,
        state VARCHAR(32) NOT NULL,
        KEY ix_hpi_key (definition_key),
        KEY ix_hpi_business_key (business_key),
        KEY ix_hpi_start (start_time)
      ) ${TABLE}`,
      `CREATE TABLE eng_hist_activity_instance (
        seq BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
        id VARCHAR(255) NOT NULL,
        process_instance_id VARCHAR(64) NOT NULL,
        parent_id VARCHAR(255) NULL,
        activity_id VARCHAR(255) NOT NULL,
        activity_name VARCHAR(255) NULL,
        activity_type VARCHAR(64) NOT NULL,
        definition_id VARCHAR(255) NOT NULL,
        definition_key VARCHAR(255) NOT NULL,
        execution_id VARCHAR(255) NOT NULL,
        task_id VARCHAR(64) NULL,
        assignee VARCHAR(255) NULL,
        start_time BIGINT NOT NULL,
        end_time BIGINT NULL,
        canceled TINYINT NOT NULL DEFAULT 0,
        complete_scope TINYINT NOT NULL DEFAULT 0,
        UNIQUE KEY uq_hai (process_instance_id, id)
      ) ${TABLE}`,
    ],
  },
  {
    version: 2,
    name: 'suspension, start user, removal time and definition category (as Operaton reports them)',
    up: [
      'ALTER TABLE eng_process_instance ADD COLUMN suspended TINYINT NOT NULL DEFAULT 0',
      'ALTER TABLE eng_external_task ADD COLUMN suspended TINYINT NOT NULL DEFAULT 0',
      'ALTER TABLE eng_user_task ADD COLUMN suspended TINYINT NOT NULL DEFAULT 0',
      `ALTER TABLE eng_hist_process_instance ADD COLUMN start_user_id VARCHAR(255) NULL,
        ADD COLUMN removal_time BIGINT NULL`,
      'ALTER TABLE eng_process_definition ADD COLUMN category VARCHAR(255) NULL',
    ],
  },
  {
    version: 3,
    name: "people's tasks: owner, delegation, candidates (identity links) and task history",
    up: [
      `ALTER TABLE eng_user_task ADD COLUMN owner VARCHAR(255) NULL,
        ADD COLUMN delegation_state VARCHAR(16) NULL, ADD COLUMN last_updated BIGINT NULL`,
      `CREATE TABLE eng_task_identity_link (
        seq BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
        task_id VARCHAR(64) NOT NULL,
        process_instance_id VARCHAR(64) NOT NULL,
        execution_id VARCHAR(255) NOT NULL,
        type VARCHAR(32) NOT NULL,
        user_id VARCHAR(255) NULL,
        group_id VARCHAR(255) NULL,
        KEY ix_til_task (task_id),
        KEY ix_til_user (user_id),
        KEY ix_til_group (group_id),
        KEY ix_til_execution (process_instance_id, execution_id)
      ) ${TABLE}`,
      `CREATE TABLE eng_hist_task (
        id VARCHAR(64) NOT NULL PRIMARY KEY,
        process_instance_id VARCHAR(64) NOT NULL,
        execution_id VARCHAR(255) NOT NULL,
        activity_id VARCHAR(255) NOT NULL,
        name VARCHAR(255) NULL,
        assignee VARCHAR(255) NULL,
        owner VARCHAR(255) NULL,
        priority INT NOT NULL DEFAULT 50,
        definition_id VARCHAR(255) NOT NULL,
        definition_key VARCHAR(255) NOT NULL,
        start_time BIGINT NOT NULL,
        end_time BIGINT NULL,
        delete_reason VARCHAR(255) NULL,
        task_state VARCHAR(16) NOT NULL DEFAULT 'Created',
        KEY ix_ht_instance (process_instance_id),
        KEY ix_ht_assignee (assignee),
        KEY ix_ht_definition (definition_id)
      ) ${TABLE}`,
    ],
  },
  {
    version: 4,
    name: 'suspended process definitions (PUT /process-definition/{id}/suspended)',
    up: ['ALTER TABLE eng_process_definition ADD COLUMN suspended TINYINT NOT NULL DEFAULT 0'],
  },
  {
    version: 5,
    name: 'comments on tasks and process instances (POST /task/{id}/comment/create)',
    up: [
      `CREATE TABLE eng_comment (
        seq BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
        id VARCHAR(64) NOT NULL,
        task_id VARCHAR(64) NULL,
        process_instance_id VARCHAR(64) NULL,
        root_process_instance_id VARCHAR(64) NULL,
        user_id VARCHAR(255) NULL,
        time BIGINT NOT NULL,
        message MEDIUMTEXT NOT NULL,
        UNIQUE KEY uq_comment_id (id),
        KEY ix_comment_task (task_id),
        KEY ix_comment_instance (process_instance_id)
      ) ${TABLE}`,
    ],
  },
];

/** Applies pending migrations under a named lock, so that several replicas can start at once. */
export async function migrate(db: EngineDatabase): Promise<number[]> {
  const conn = await db.pool.getConnection();
  try {
    await conn.query("SELECT GET_LOCK('eng_schema_migration', 60)");
    await conn.query(
      `CREATE TABLE IF NOT EXISTS eng_schema_migration (
        version INT NOT NULL PRIMARY KEY, name VARCHAR(255) NOT NULL, applied_at BIGINT NOT NULL
      ) ${TABLE}`,
    );
    const [rows] = await conn.query('SELECT version FROM eng_schema_migration');
    const applied = new Set((rows as { version: number }[]).map((r) => r.version));
    const done: number[] = [];
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.version)) continue;
      for (const statement of migration.up) await conn.query(statement);
      await conn.query('INSERT INTO eng_schema_migration VALUES (?, ?, ?)', [
        migration.version,
        migration.name,
        Date.now(),
      ]);
      done.push(migration.version);
    }
    return done;
  } finally {
    await conn.query("SELECT RELEASE_LOCK('eng_schema_migration')").catch(() => undefined);
    conn.release();
  }
}
