import { MISSION_PRICE_DEFAULT, MISSION_PRICE_PARAM } from '@platform/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 14, mission costs: the price of a mission on a workflow without a price of its own, as a
// system parameter (System → Parameters; the workflow service reads it when a mission starts).
// 0: such missions are free until an administrator sets a price.
export class MissionPrice1764600600000 implements MigrationInterface {
  name = 'MissionPrice1764600600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `INSERT INTO sys_config (config_name, config_name_en, config_key, config_value, config_type, create_by)
       SELECT ?, ?, ?, ?, 'Y', 'system' FROM DUAL
        WHERE NOT EXISTS (SELECT 1 FROM sys_config WHERE config_key = ?)`,
      [
        '任务默认价格（积分，未设价格的工作流）',
        'Default task price (points, for workflows without a price)',
        MISSION_PRICE_PARAM,
        String(MISSION_PRICE_DEFAULT),
        MISSION_PRICE_PARAM,
      ],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DELETE FROM sys_config WHERE config_key = ?', [MISSION_PRICE_PARAM]);
  }
}
