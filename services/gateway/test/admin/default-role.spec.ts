import { identityStarter } from '@platform/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ADMIN_PASSWORD, login, setCaptcha, startStack, type TestStack } from '../support/stack';
import { as, type Client, createUser } from './helpers';

// Spec §6: "users without roles get ROLE_DEFAULT". getInfo named the role for such a user but granted
// none of its permissions, so a user an administrator saved without roles had an empty menu (issue 30).
describe('a user saved without roles', () => {
  let stack: TestStack;
  let admin: Client;

  beforeAll(async () => {
    stack = await startStack([identityStarter]);
    await setCaptcha(stack, false);
    admin = as(stack, await login(stack, 'admin', ADMIN_PASSWORD));
  });
  afterAll(() => stack?.close());

  /** ROLE_DEFAULT's catalogued permissions and page menus, from the database. */
  async function defaultRoleGrants(): Promise<{ perms: string[]; pages: number }> {
    const [rows] = await stack.db.query(
      `SELECT m.perms, m.menu_type FROM sys_menu m
         JOIN sys_role_menu rm ON rm.menu_id = m.menu_id
         JOIN sys_role r ON r.role_id = rm.role_id
        WHERE r.role_key = 'ROLE_DEFAULT' AND m.status = '0'`,
    );
    const list = rows as { perms: string | null; menu_type: string }[];
    return {
      perms: list.map((r) => r.perms ?? '').filter(Boolean),
      pages: list.filter((r) => r.menu_type === 'C').length,
    };
  }

  it("should hold the default role's permissions and menus", async () => {
    const user = await createUser(stack, admin, { roleIds: [] });
    const client = as(stack, await user.token());
    const info = (await client.get('/getInfo')).body;
    expect(info.data.roles).toEqual(['ROLE_DEFAULT']);
    const expected = await defaultRoleGrants();
    expect(expected.perms.length).toBeGreaterThan(3);
    expect(info.data.permissions.length).toBeGreaterThan(3);
    for (const perm of info.data.permissions as string[]) {
      expect(expected.perms.some((p) => p.split(',').includes(perm))).toBe(true);
    }
    const routers = (await client.get('/getRouters')).body.data as { children?: unknown[] }[];
    const pages = routers.flatMap((r) => r.children ?? [r]).length;
    expect(pages).toBeGreaterThan(0);
  });

  it('should keep only its own roles once it has some', async () => {
    const [rows] = await stack.db.query("SELECT role_id FROM sys_role WHERE role_key = 'admin'");
    const adminRole = (rows as { role_id: number }[])[0]!.role_id;
    const user = await createUser(stack, admin, { roleIds: [adminRole] });
    const info = (await as(stack, await user.token()).get('/getInfo')).body;
    expect(info.data.roles).toEqual(['admin']);
  });
});
