import { UPLOAD_QUOTA_CONFIG_KEY, UPLOAD_QUOTA_DEFAULT_MB } from '@platform/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 25, private files: how much one user may keep of their own uploads (chat attachments, mission
// files), as a system parameter (System → Parameters; the gateway reads it at each such upload).
export class UploadQuotaParameter1764950000000 implements MigrationInterface {
  name = 'UploadQuotaParameter1764950000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `INSERT INTO sys_config (config_name, config_name_en, config_key, config_value, config_type, remark, create_by)
       SELECT ?, ?, ?, ?, 'Y', ?, 'system' FROM DUAL
        WHERE NOT EXISTS (SELECT 1 FROM sys_config WHERE config_key = ?)`,
      [
        '每个用户的文件空间（MB）',
        'File storage per user (MB)',
        UPLOAD_QUOTA_CONFIG_KEY,
        String(UPLOAD_QUOTA_DEFAULT_MB),
        "用户自己上传的文件（对话附件、任务文件）合计上限，超出则拒绝上传；0 为不限 / the total of a user's own uploads (chat attachments, mission files); an upload past it is refused; 0: no limit",
        UPLOAD_QUOTA_CONFIG_KEY,
      ],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DELETE FROM sys_config WHERE config_key = ?', [UPLOAD_QUOTA_CONFIG_KEY]);
  }
}
