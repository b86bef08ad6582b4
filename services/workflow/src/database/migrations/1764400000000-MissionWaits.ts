import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * People in the loop of missions (issue 12): what a run waits for from a person — the owner's reply
 * to an agent's question, an administrator's review or confirmation of a user task — unique per
 * wait key, so a repeated report or a second reconciler never opens the same wait twice.
 */
export class MissionWaits1764400000000 implements MigrationInterface {
  name = 'MissionWaits1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE wf_mission_wait (
      id bigint NOT NULL AUTO_INCREMENT,
      wait_key varchar(400) NOT NULL,
      mission_id bigint NOT NULL,
      run_id varchar(64) NOT NULL,
      node_id varchar(255) NOT NULL,
      kind varchar(20) NOT NULL,
      state varchar(16) NOT NULL DEFAULT 'open',
      question text NULL,
      question_en text NULL,
      external_task_id varchar(64) NULL,
      task_id varchar(64) NULL,
      reply json NULL,
      reason text NULL,
      answered_by bigint NULL,
      answered_at datetime(3) NULL,
      create_time datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      PRIMARY KEY (id),
      UNIQUE KEY uk_mission_wait_key (wait_key),
      KEY idx_mission_wait_mission (mission_id, state, id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS wf_mission_wait');
  }
}
