import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Conversations with the assistant (issue 13): a user's conversations (theme = the first question
 * unless renamed; deleting marks them) and their messages, with the mission a reply started, the
 * agent that speaks, the reply's status and its token counts, provider and model.
 */
export class Conversations1764410000000 implements MigrationInterface {
  name = 'Conversations1764410000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE wf_conversation (
      id bigint NOT NULL AUTO_INCREMENT,
      owner_user_id bigint NOT NULL,
      theme varchar(100) NOT NULL DEFAULT '',
      deleted tinyint NOT NULL DEFAULT 0,
      create_time datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      update_time datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
      PRIMARY KEY (id),
      KEY idx_conversation_owner (owner_user_id, deleted, update_time)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE wf_chat_message (
      id bigint NOT NULL AUTO_INCREMENT,
      conversation_id bigint NOT NULL,
      role varchar(16) NOT NULL,
      content mediumtext NOT NULL,
      files json NULL,
      attachments json NULL,
      patch mediumtext NULL,
      mission_id bigint NULL,
      agent varchar(100) NULL,
      status varchar(16) NOT NULL DEFAULT 'complete',
      error_key varchar(64) NULL,
      tool_calls json NULL,
      prompt_tokens int NOT NULL DEFAULT 0,
      completion_tokens int NOT NULL DEFAULT 0,
      tokens_estimated tinyint NOT NULL DEFAULT 0,
      provider varchar(16) NOT NULL DEFAULT '',
      model varchar(100) NOT NULL DEFAULT '',
      create_time datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      PRIMARY KEY (id),
      KEY idx_chat_message_conversation (conversation_id, id),
      KEY idx_chat_message_status (status, create_time)
    ) ${TABLE_OPTIONS}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE wf_chat_message');
    await q.query('DROP TABLE wf_conversation');
  }
}
