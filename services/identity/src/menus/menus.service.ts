import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError, type MenuView, type TreeNode } from '@platform/contracts';
import type { Caller, MenuBody, MenuQuery } from '@platform/contracts/dto';
import type { DataSource } from 'typeorm';

import { found, iso, Where } from '../common/sql';
import { GrantPolicy } from '../grants/grant-policy.service';
import { SessionSync } from '../users/session-sync.service';

interface MenuRow {
  menu_id: number;
  menu_name: string;
  menu_name_en: string;
  parent_id: number;
  order_num: number;
  path: string;
  component: string | null;
  query: string | null;
  route_name: string;
  is_frame: number;
  is_cache: number;
  menu_type: 'M' | 'C' | 'F';
  visible: '0' | '1';
  status: '0' | '1';
  perms: string | null;
  icon: string;
  create_time: Date;
}

function menuViewOf(r: MenuRow): MenuView {
  return {
    menuId: Number(r.menu_id),
    menuName: r.menu_name,
    menuNameEn: r.menu_name_en,
    parentId: Number(r.parent_id),
    orderNum: Number(r.order_num),
    path: r.path,
    component: r.component,
    query: r.query,
    routeName: r.route_name,
    isFrame: Number(r.is_frame) === 0 ? '0' : '1',
    isCache: Number(r.is_cache) === 1 ? '1' : '0',
    menuType: r.menu_type,
    visible: r.visible,
    status: r.status,
    perms: r.perms,
    icon: r.icon,
    createTime: iso(r.create_time) ?? '',
  };
}

const isHttp = (path: string | undefined) => /^https?:\/\//.test(path ?? '');

/** Menus (directories, pages, buttons) and the menu trees of the role screens. */
@Injectable()
export class MenusService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly grants: GrantPolicy,
    private readonly sync: SessionSync,
  ) {}

  /** Administrators see every menu; anyone else the menus their roles grant. */
  async list(query: MenuQuery, caller: Caller): Promise<MenuView[]> {
    const where = new Where()
      .like(query.menuName, 'm.menu_name')
      .when(query.status, 'm.status = ?')
      .when(query.visible, 'm.visible = ?');
    if (!(await this.grants.isAdmin(caller))) {
      where.add(
        `m.menu_id IN (SELECT rm.menu_id FROM sys_role_menu rm JOIN sys_user_role ur ON ur.role_id = rm.role_id
           JOIN sys_role r ON r.role_id = rm.role_id AND r.status = '0' AND r.del_flag = '0'
          WHERE ur.user_id = ?)`,
        caller.userId,
      );
    }
    const rows: MenuRow[] = await this.db.query(
      `SELECT m.* FROM sys_menu m ${where.sql} ORDER BY m.parent_id, m.order_num, m.menu_id`,
      where.params,
    );
    return rows.map(menuViewOf);
  }

  async get(menuId: number): Promise<MenuView> {
    const [row] = (await this.db.query('SELECT * FROM sys_menu WHERE menu_id = ?', [
      menuId,
    ])) as MenuRow[];
    return menuViewOf(found(row, 'menu.not_found'));
  }

  async treeSelect(caller: Caller): Promise<TreeNode[]> {
    return toTree(await this.list({}, caller));
  }

  async roleTreeSelect(
    roleId: number,
    caller: Caller,
  ): Promise<{ checkedKeys: number[]; menus: TreeNode[] }> {
    const rows = (await this.db.query(
      `SELECT rm.menu_id AS id FROM sys_role_menu rm JOIN sys_role r ON r.role_id = rm.role_id
        WHERE rm.role_id = ? AND r.del_flag = '0'`,
      [roleId],
    )) as { id: number }[];
    return { checkedKeys: rows.map((r) => Number(r.id)), menus: await this.treeSelect(caller) };
  }

  async create(body: MenuBody, caller: Caller, by: string): Promise<{ menuId: number }> {
    await this.check(body);
    await this.grants.assertMenuGrantChange(caller, null, body);
    const result = (await this.db.query(
      `INSERT INTO sys_menu (menu_name, menu_name_en, parent_id, order_num, path, component, query, route_name,
         is_frame, is_cache, menu_type, visible, status, perms, icon, remark, create_by)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [...this.values(body), by],
    )) as { insertId: number };
    return { menuId: Number(result.insertId) };
  }

  async update(body: MenuBody, caller: Caller, by: string): Promise<void> {
    const menuId = body.menuId!;
    const before = await this.get(menuId);
    if (body.parentId === menuId) throw new DomainError('menu.parent_self');
    await this.check(body);
    await this.grants.assertMenuGrantChange(caller, before, body);
    await this.db.query(
      `UPDATE sys_menu SET menu_name = ?, menu_name_en = ?, parent_id = ?, order_num = ?, path = ?, component = ?,
         query = ?, route_name = ?, is_frame = ?, is_cache = ?, menu_type = ?, visible = ?, status = ?, perms = ?,
         icon = ?, remark = ?, update_by = ? WHERE menu_id = ?`,
      [...this.values(body), by, menuId],
    );
    await this.refreshHolders(menuId);
  }

  async remove(menuId: number): Promise<void> {
    await this.get(menuId);
    const [children] = (await this.db.query(
      'SELECT COUNT(*) AS n FROM sys_menu WHERE parent_id = ?',
      [menuId],
    )) as { n: number }[];
    if (Number(children.n) > 0) throw new DomainError('menu.has_children');
    const [granted] = (await this.db.query(
      'SELECT COUNT(*) AS n FROM sys_role_menu WHERE menu_id = ?',
      [menuId],
    )) as { n: number }[];
    if (Number(granted.n) > 0) throw new DomainError('menu.assigned');
    await this.db.query('DELETE FROM sys_menu WHERE menu_id = ?', [menuId]);
  }

  private async check(body: MenuBody): Promise<void> {
    if (body.isFrame === '0' && !isHttp(body.path)) throw new DomainError('menu.link_rule');
    if (body.parentId) await this.get(body.parentId);
    const [same] = (await this.db.query(
      `SELECT COUNT(*) AS n FROM sys_menu WHERE menu_name = ? AND parent_id = ? AND menu_id <> ?`,
      [body.menuName, body.parentId, body.menuId ?? 0],
    )) as { n: number }[];
    if (Number(same.n) > 0) throw new DomainError('menu.name_taken');
  }

  private values(body: MenuBody): unknown[] {
    return [
      body.menuName,
      body.menuNameEn ?? '',
      body.parentId,
      body.orderNum,
      body.menuType === 'F' ? '' : (body.path ?? ''),
      body.menuType === 'C' ? (body.component ?? null) : null,
      body.query ?? null,
      body.routeName ?? '',
      body.isFrame === '0' ? 0 : 1,
      body.isCache === '1' ? 1 : 0,
      body.menuType,
      body.visible ?? '0',
      body.status ?? '0',
      body.perms ?? null,
      body.icon ?? '#',
      body.remark ?? null,
    ];
  }

  /** A changed permission string or status must reach the sessions of the users granted the menu. */
  private async refreshHolders(menuId: number): Promise<void> {
    const rows = (await this.db.query('SELECT role_id FROM sys_role_menu WHERE menu_id = ?', [
      menuId,
    ])) as { role_id: number }[];
    await this.sync.refreshRoles(
      this.db,
      rows.map((r) => Number(r.role_id)),
    );
  }
}

function toTree(menus: MenuView[]): TreeNode[] {
  const nodes = new Map<number, TreeNode>(
    menus.map((m) => [
      m.menuId,
      { id: m.menuId, label: m.menuName, labelEn: m.menuNameEn || m.menuName },
    ]),
  );
  const roots: TreeNode[] = [];
  for (const m of menus) {
    const parent = nodes.get(m.parentId);
    if (parent) (parent.children ??= []).push(nodes.get(m.menuId)!);
    else roots.push(nodes.get(m.menuId)!);
  }
  return roots;
}
