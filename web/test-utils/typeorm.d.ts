// The seeded-menus test reads identity's migration that hides unbuilt entries; the web app does not
// install TypeORM, so the two types that migration names are declared here, as far as it uses them.
declare module 'typeorm' {
  export interface QueryRunner {
    query(sql: string, parameters?: unknown[]): Promise<unknown>;
  }
  export interface MigrationInterface {
    up(queryRunner: QueryRunner): Promise<unknown>;
    down(queryRunner: QueryRunner): Promise<unknown>;
  }
}
