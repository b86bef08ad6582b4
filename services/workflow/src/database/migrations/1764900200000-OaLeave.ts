import type { MigrationInterface, QueryRunner } from 'typeorm';

import {
  LEAVE_HR_GROUP,
  LEAVE_PROCESS_KEY,
  LEAVE_PROCESS_XML,
} from '../../bpm/leave/leave-process';

/**
 * Issue 29: the leave example (RuoYi-Vue-Pro's bpm_oa_leave) with its own table, and its seeded
 * process model (not deployed: the administrator deploys it at /bpm/manager/model) with the two
 * assignment rules, the HR step going to a seeded work group the administrator fills in.
 */
export class OaLeave1764900200000 implements MigrationInterface {
  name = 'OaLeave1764900200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE bpm_oa_leave (
      id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
      user_id BIGINT NOT NULL,
      type VARCHAR(20) NOT NULL,
      reason VARCHAR(500) NOT NULL,
      start_time DATETIME NOT NULL,
      end_time DATETIME NOT NULL,
      days INT NOT NULL,
      process_instance_id VARCHAR(64) NULL,
      create_time DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      KEY idx_oa_leave_user (user_id, id),
      KEY idx_oa_leave_instance (process_instance_id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`);
    await q.query(
      `INSERT INTO bpm_user_group (name, description, member_user_ids, status, create_by, update_by)
        VALUES (?, ?, '[1]', '0', 'system', 'system')`,
      [LEAVE_HR_GROUP, '请假超过三天时审批 / Approves leaves of more than three days'],
    );
    const [{ id: groupId }] = await q.query('SELECT LAST_INSERT_ID() AS id');
    await q.query(
      `INSERT INTO bpm_model (model_key, name, description, category, bpmn_xml, create_by, update_by)
        VALUES (?, ?, ?, 'oa', ?, 'system', 'system')`,
      [
        LEAVE_PROCESS_KEY,
        '请假申请 Leave request',
        '部门负责人审批，超过三天再由人事审批 / The department head approves, then HR for more than three days',
        LEAVE_PROCESS_XML,
      ],
    );
    const [{ id: modelId }] = await q.query('SELECT LAST_INSERT_ID() AS id');
    await q.query(
      `INSERT INTO bpm_task_assign_rule (model_id, task_definition_key, type, options, create_by, update_by)
        VALUES (?, 'deptLeader', 'script', '["starterDeptLeader"]', 'system', 'system'),
               (?, 'hr', 'userGroup', ?, 'system', 'system')`,
      [modelId, modelId, JSON.stringify([Number(groupId)])],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DELETE r FROM bpm_task_assign_rule r JOIN bpm_model m ON m.id = r.model_id WHERE m.model_key = ?`,
      [LEAVE_PROCESS_KEY],
    );
    await q.query('DELETE FROM bpm_model WHERE model_key = ?', [LEAVE_PROCESS_KEY]);
    await q.query('DELETE FROM bpm_user_group WHERE name = ?', [LEAVE_HR_GROUP]);
    await q.query('DROP TABLE bpm_oa_leave');
  }
}
