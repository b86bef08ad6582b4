import { FOUR_EYES_CONFIG_KEY } from '@platform/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 25, four eyes on orders: the parameter that turns the rule off for a one-person operation
// (System → Parameters; billing reads it when an administrator confirms a payment). On by default.
export class FourEyesParameter1764925000000 implements MigrationInterface {
  name = 'FourEyesParameter1764925000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `INSERT INTO sys_config (config_name, config_name_en, config_key, config_value, config_type, remark, create_by)
       SELECT ?, ?, ?, 'true', 'Y', ?, 'system' FROM DUAL
        WHERE NOT EXISTS (SELECT 1 FROM sys_config WHERE config_key = ?)`,
      [
        '充值订单四眼原则',
        'Four eyes on recharge orders',
        FOUR_EYES_CONFIG_KEY,
        'true: 管理员不能确认自己的订单或自己调整过积分的用户的订单；false: 关闭（单人运营）/ true: an administrator cannot confirm their own order nor one of a user whose points they changed; false: off (one-person operation)',
        FOUR_EYES_CONFIG_KEY,
      ],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DELETE FROM sys_config WHERE config_key = ?', [FOUR_EYES_CONFIG_KEY]);
  }
}
