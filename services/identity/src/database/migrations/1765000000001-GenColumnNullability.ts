import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 30: the generated table migration and entity say whether a column takes NULL and what its
// default is, as the owner's information_schema told when the column was imported or synchronised
// (until now every column that was not required was written NULL, without its default).

export class GenColumnNullability1765000000001 implements MigrationInterface {
  name = 'GenColumnNullability1765000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE gen_table_column
      ADD COLUMN is_nullable tinyint(1) NOT NULL DEFAULT 1 AFTER is_increment,
      ADD COLUMN column_default varchar(500) NULL AFTER is_nullable`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE gen_table_column DROP COLUMN column_default, DROP COLUMN is_nullable',
    );
  }
}
