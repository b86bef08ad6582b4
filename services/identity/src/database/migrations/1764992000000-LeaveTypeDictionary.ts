import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29: the leave example's types, the dictionary bpm_oa_leave_type that the leave form offers
 * (web features/bpm) and LeaveCreateBody names, in zh and en. The values are the ones the form used
 * before the dictionary existed, plus marriage leave, which RuoYi-Vue-Pro's leave example seeds.
 */
const LEAVE_TYPE_DICT = 'bpm_oa_leave_type';
const LEAVE_TYPES: [value: string, zh: string, en: string][] = [
  ['annual', '年假', 'Annual leave'],
  ['sick', '病假', 'Sick leave'],
  ['personal', '事假', 'Personal leave'],
  ['marriage', '婚假', 'Marriage leave'],
];

export class LeaveTypeDictionary1764992000000 implements MigrationInterface {
  name = 'LeaveTypeDictionary1764992000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `INSERT INTO sys_dict_type (dict_name, dict_name_en, dict_type, create_by) VALUES (?, ?, ?, 'system')`,
      ['请假类型', 'Leave type', LEAVE_TYPE_DICT],
    );
    for (const [index, [value, zh, en]] of LEAVE_TYPES.entries()) {
      await q.query(
        `INSERT INTO sys_dict_data (dict_sort, dict_label, dict_label_en, dict_value, dict_type, list_class,
           is_default, create_by) VALUES (?, ?, ?, ?, ?, 'default', ?, 'system')`,
        [index + 1, zh, en, value, LEAVE_TYPE_DICT, index === 0 ? 'Y' : 'N'],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sys_dict_data WHERE dict_type = ?`, [LEAVE_TYPE_DICT]);
    await q.query(`DELETE FROM sys_dict_type WHERE dict_type = ?`, [LEAVE_TYPE_DICT]);
  }
}
