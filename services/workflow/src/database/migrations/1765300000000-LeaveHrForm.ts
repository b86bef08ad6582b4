import type { MigrationInterface, QueryRunner } from 'typeorm';

import {
  LEAVE_HR_FORM_NAME,
  LEAVE_HR_FORM_SCHEMA,
  LEAVE_PROCESS_KEY,
  LEAVE_PROCESS_XML,
  withLeaveHrForm,
} from '../../bpm/leave/leave-process';

/**
 * Issue 29: the leave example's HR step opens with a form of its own (an HR remark), named by the
 * user task's camunda:formKey. The seeded model gets the key only where the administrator left it
 * as seeded; deployed versions keep their diagram until the next deployment.
 */
export class LeaveHrForm1765300000000 implements MigrationInterface {
  name = 'LeaveHrForm1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `INSERT INTO bpm_form (name, status, fields, \`schema\`, conf, remark, create_by, update_by)
        VALUES (?, '0', '[]', ?, '', ?, 'system', 'system')`,
      [
        LEAVE_HR_FORM_NAME,
        JSON.stringify(LEAVE_HR_FORM_SCHEMA),
        '请假流程人事审批时填写 / Filled in by HR when approving a leave',
      ],
    );
    const [{ id }] = await q.query('SELECT LAST_INSERT_ID() AS id');
    await q.query('UPDATE bpm_model SET bpmn_xml = ? WHERE model_key = ? AND bpmn_xml = ?', [
      withLeaveHrForm(LEAVE_PROCESS_XML, Number(id)),
      LEAVE_PROCESS_KEY,
      LEAVE_PROCESS_XML,
    ]);
  }

  async down(q: QueryRunner): Promise<void> {
    const forms: { id: string }[] = await q.query(
      "SELECT id FROM bpm_form WHERE name = ? AND create_by = 'system'",
      [LEAVE_HR_FORM_NAME],
    );
    for (const { id } of forms) {
      await q.query('UPDATE bpm_model SET bpmn_xml = ? WHERE model_key = ? AND bpmn_xml = ?', [
        LEAVE_PROCESS_XML,
        LEAVE_PROCESS_KEY,
        withLeaveHrForm(LEAVE_PROCESS_XML, Number(id)),
      ]);
      await q.query('DELETE FROM bpm_form WHERE id = ?', [id]);
    }
  }
}
