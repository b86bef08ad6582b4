import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29: the form builder's page exists now (web features/workflow FormBuilderPage, on bpmn.io
 * form-js), so its entry (301, `tool/build/index`, permission tool:build:list as seeded) that
 * HideMenusWithoutPage hid is shown again under the system tools.
 */
export const MENUS_SHOWN_WITH_FORM_BUILDER = [{ id: 301, component: 'tool/build/index' }] as const;

export class ShowFormBuilderMenu1765100000000 implements MigrationInterface {
  name = 'ShowFormBuilderMenu1765100000000';

  async up(q: QueryRunner): Promise<void> {
    for (const { id, component } of MENUS_SHOWN_WITH_FORM_BUILDER) {
      await q.query(`UPDATE sys_menu SET visible = '0' WHERE menu_id = ? AND component = ?`, [
        id,
        component,
      ]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const { id, component } of MENUS_SHOWN_WITH_FORM_BUILDER) {
      await q.query(`UPDATE sys_menu SET visible = '1' WHERE menu_id = ? AND component = ?`, [
        id,
        component,
      ]);
    }
  }
}
