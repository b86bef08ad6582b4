import { REMITTANCE_ACCOUNT_CONFIG_KEY } from '@platform/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 14, recharge by remittance: the bank account the payment step shows, as a system parameter
// (System → Parameters; billing reads it for GET /wujie/order/pay/config). The seeded value is a
// placeholder the administrator must replace: JSON whose texts are a string or {zh, en}
// (contracts parseRemittanceAccount; plain text is shown as it is).
const PLACEHOLDER = JSON.stringify({
  bankName: { zh: '（待配置）开户银行', en: '(to be configured) Bank name' },
  accountName: { zh: '（待配置）账户名称', en: '(to be configured) Account name' },
  accountNumber: 'to be configured',
  note: {
    zh: '管理员请在 系统管理 → 参数设置 中修改此参数',
    en: 'Administrators: edit this parameter in System → Parameters',
  },
});

export class RemittanceAccount1764600700000 implements MigrationInterface {
  name = 'RemittanceAccount1764600700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `INSERT INTO sys_config (config_name, config_name_en, config_key, config_value, config_type, remark, create_by)
       SELECT ?, ?, ?, ?, 'Y', ?, 'system' FROM DUAL
        WHERE NOT EXISTS (SELECT 1 FROM sys_config WHERE config_key = ?)`,
      [
        '充值汇款收款账户',
        'Recharge remittance bank account',
        REMITTANCE_ACCOUNT_CONFIG_KEY,
        PLACEHOLDER,
        'JSON: {"bankName": {"zh", "en"}, "accountName", "accountNumber", "note"}; 每项可为字符串或 {"zh", "en"} / each text a string or {"zh", "en"}',
        REMITTANCE_ACCOUNT_CONFIG_KEY,
      ],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DELETE FROM sys_config WHERE config_key = ?', [REMITTANCE_ACCOUNT_CONFIG_KEY]);
  }
}
