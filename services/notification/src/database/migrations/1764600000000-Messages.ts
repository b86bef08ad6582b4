import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * In-app messages. A message's texts are stored once (`message`), whoever it reaches; each recipient
 * has one narrow row in `message_inbox` (user, message, read flag): a notice to 10,000 users is one
 * message row and 10,000 inbox rows of a few bytes, and a user's list and unread count are read from
 * the inbox's (user_id, is_read, message_id) index. `event_key` is the idempotency key of the event
 * the message was written for: unique, so an event delivered twice never makes a second message.
 */
export class Messages1764600000000 implements MigrationInterface {
  name = 'Messages1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE message (
        id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
        type VARCHAR(16) NOT NULL,
        title VARCHAR(200) NOT NULL,
        title_en VARCHAR(200) NOT NULL,
        content TEXT NOT NULL,
        content_en TEXT NOT NULL,
        link VARCHAR(300) NOT NULL DEFAULT '',
        audience VARCHAR(8) NOT NULL COMMENT 'user | role | all | event',
        audience_id BIGINT NULL COMMENT 'the user or role addressed',
        recipients INT NOT NULL DEFAULT 0,
        event_key VARCHAR(128) NULL,
        created_by VARCHAR(64) NOT NULL DEFAULT '',
        created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        PRIMARY KEY (id),
        UNIQUE KEY uk_message_event (event_key)
      ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await q.query(`
      CREATE TABLE message_inbox (
        user_id BIGINT NOT NULL,
        message_id BIGINT UNSIGNED NOT NULL,
        is_read TINYINT NOT NULL DEFAULT 0,
        read_at DATETIME(3) NULL,
        PRIMARY KEY (user_id, message_id),
        KEY idx_inbox_unread (user_id, is_read, message_id),
        KEY idx_inbox_message (message_id),
        CONSTRAINT fk_inbox_message FOREIGN KEY (message_id) REFERENCES message (id) ON DELETE CASCADE
      ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE message_inbox');
    await q.query('DROP TABLE message');
  }
}
