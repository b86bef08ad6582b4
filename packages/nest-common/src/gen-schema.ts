import type { CustomStrategy } from '@nestjs/microservices';
import {
  type GenDbColumn,
  type GenDbTable,
  genSchemaPattern,
  type GenSchemaReply,
  type GenSchemaRequest,
} from '@platform/contracts';
import type { DataSource } from 'typeorm';

// The code generator's view of a service's own database (tool/gen, issue 30). Each service answers
// for its tables only, read from information_schema with parameters; nothing a caller sends becomes SQL.

const TABLE_NAME = /^[A-Za-z0-9_$]{1,64}$/;

/** Tables the generator never offers: the migration bookkeeping and the generator's own tables. */
const HIDDEN_TABLES = new Set(['migrations', 'typeorm_metadata', 'gen_table', 'gen_table_column']);

interface TableRow {
  tableName: string;
  tableComment: string | null;
  createTime: Date | string | null;
  updateTime: Date | string | null;
}

interface ColumnRow {
  columnName: string;
  columnComment: string | null;
  columnType: string;
  dataType: string;
  isNullable: string;
  columnKey: string;
  extra: string;
  columnDefault: string | null;
  position: number | string;
}

export async function genSchema(
  dataSource: DataSource,
  request: GenSchemaRequest = {},
): Promise<GenSchemaReply> {
  const [{ database }] = await dataSource.query<{ database: string }[]>(
    'SELECT DATABASE() AS `database`',
  );
  const tableName = request.tableName;
  if (tableName === undefined) {
    const rows = await dataSource.query<TableRow[]>(
      `SELECT TABLE_NAME AS tableName, TABLE_COMMENT AS tableComment, CREATE_TIME AS createTime,
              UPDATE_TIME AS updateTime
         FROM information_schema.TABLES
        WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE'
        ORDER BY TABLE_NAME`,
      [database],
    );
    return {
      database,
      tables: rows.filter((row) => !HIDDEN_TABLES.has(row.tableName)).map(tableView),
      columns: [],
    };
  }
  if (
    typeof tableName !== 'string' ||
    !TABLE_NAME.test(tableName) ||
    HIDDEN_TABLES.has(tableName)
  ) {
    return { database, tables: [], columns: [] };
  }
  const tables = await dataSource.query<TableRow[]>(
    `SELECT TABLE_NAME AS tableName, TABLE_COMMENT AS tableComment, CREATE_TIME AS createTime,
            UPDATE_TIME AS updateTime
       FROM information_schema.TABLES
      WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND TABLE_TYPE = 'BASE TABLE'`,
    [database, tableName],
  );
  if (tables.length === 0) return { database, tables: [], columns: [] };
  const columns = await dataSource.query<ColumnRow[]>(
    `SELECT COLUMN_NAME AS columnName, COLUMN_COMMENT AS columnComment, COLUMN_TYPE AS columnType,
            DATA_TYPE AS dataType, IS_NULLABLE AS isNullable, COLUMN_KEY AS columnKey, EXTRA AS extra,
            COLUMN_DEFAULT AS columnDefault, ORDINAL_POSITION AS position
       FROM information_schema.COLUMNS
      WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?
      ORDER BY ORDINAL_POSITION`,
    [database, tableName],
  );
  return { database, tables: tables.map(tableView), columns: columns.map(columnView) };
}

/**
 * Answers the service's schema pattern on its transport server, like the pool monitor's: registered
 * on the strategy so every service with a database has it from listenAsService.
 */
export function answerGenSchema(
  transport: CustomStrategy,
  service: string,
  dataSources: () => DataSource[],
): void {
  const server = transport.strategy as unknown as {
    addHandler(
      pattern: string,
      handler: (payload: GenSchemaRequest | undefined) => Promise<unknown>,
      isEvent?: boolean,
    ): void;
  };
  server.addHandler(
    genSchemaPattern(service),
    async (payload) => {
      const [dataSource] = dataSources();
      if (!dataSource) return { database: '', tables: [], columns: [] } satisfies GenSchemaReply;
      return genSchema(dataSource, payload ?? {});
    },
    false,
  );
}

function tableView(row: TableRow): GenDbTable {
  return {
    tableName: row.tableName,
    tableComment: row.tableComment ?? '',
    createTime: timeText(row.createTime),
    updateTime: timeText(row.updateTime),
  };
}

function columnView(row: ColumnRow): GenDbColumn {
  return {
    columnName: row.columnName,
    columnComment: row.columnComment ?? '',
    columnType: row.columnType,
    dataType: row.dataType.toLowerCase(),
    isNullable: row.isNullable === 'YES',
    isPk: row.columnKey === 'PRI',
    isIncrement: row.extra.toLowerCase().includes('auto_increment'),
    hasDefault: row.columnDefault !== null && row.columnDefault !== 'NULL',
    columnDefault:
      row.columnDefault === null || row.columnDefault === 'NULL' ? null : row.columnDefault,
    position: Number(row.position),
  };
}

function timeText(value: Date | string | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString() : String(value);
}
