import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 30: the database pool monitor's page exists now (web features/monitor), so its entry (205,
 * `monitor/druid/index`, permission monitor:server:list as seeded) that HideMenusWithoutPage hid is
 * shown again under the monitor menu.
 */
export const MENUS_SHOWN_WITH_POOL_MONITOR = [
  { id: 205, component: 'monitor/druid/index' },
] as const;

export class ShowPoolMonitorMenu1764983000000 implements MigrationInterface {
  name = 'ShowPoolMonitorMenu1764983000000';

  async up(q: QueryRunner): Promise<void> {
    for (const { id, component } of MENUS_SHOWN_WITH_POOL_MONITOR) {
      await q.query(`UPDATE sys_menu SET visible = '0' WHERE menu_id = ? AND component = ?`, [
        id,
        component,
      ]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const { id, component } of MENUS_SHOWN_WITH_POOL_MONITOR) {
      await q.query(`UPDATE sys_menu SET visible = '1' WHERE menu_id = ? AND component = ?`, [
        id,
        component,
      ]);
    }
  }
}
