import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type Language, type RouteItem, SUPER_USER_ID } from '@platform/contracts';
import type { DataSource } from 'typeorm';

import { DASHBOARD_ROUTE, TALK_PLAYGROUND_ROUTE } from '../database/seed/menus';
import { UserDirectory } from '../users/user-directory.service';
import type { Menu } from './menu.entity';

type MenuRow = Pick<
  Menu,
  | 'menuId'
  | 'parentId'
  | 'menuName'
  | 'menuNameEn'
  | 'path'
  | 'component'
  | 'query'
  | 'routeName'
  | 'isFrame'
  | 'isCache'
  | 'menuType'
  | 'visible'
  | 'icon'
>;

interface MenuNode extends MenuRow {
  children: MenuNode[];
}

const isHttp = (path: string) => /^https?:\/\//.test(path);

/** Builds getRouters' route tree (spec §3 "Route item") from the menus the user's roles grant. */
@Injectable()
export class RoutersService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly directory: UserDirectory,
  ) {}

  async routesFor(userId: number, lang: Language): Promise<RouteItem[]> {
    const rows = await this.menusOf(userId);
    // Spec §2: only user 1 sees the dashboard entry, and user 1 does not see the talk playground.
    const visible = rows.filter((m) =>
      userId === SUPER_USER_ID
        ? m.routeName !== TALK_PLAYGROUND_ROUTE
        : m.routeName !== DASHBOARD_ROUTE,
    );
    return buildTree(visible).map((node) => toTopRoute(node, lang));
  }

  private async menusOf(userId: number): Promise<MenuRow[]> {
    const { admin } = await this.directory.grantsOf(userId);
    const select = `SELECT DISTINCT m.menu_id AS menuId, m.parent_id AS parentId, m.menu_name AS menuName,
        m.menu_name_en AS menuNameEn, m.path, m.component, m.query, m.route_name AS routeName,
        m.is_frame AS isFrame, m.is_cache AS isCache, m.menu_type AS menuType, m.visible, m.icon, m.order_num
      FROM sys_menu m`;
    const where = `m.menu_type IN ('M', 'C') AND m.status = '0'`;
    if (admin || userId === SUPER_USER_ID) {
      return rowsOf(
        await this.db.query(`${select} WHERE ${where} ORDER BY m.parent_id, m.order_num`),
      );
    }
    // The menus of the user's roles, or of the default role for a user without any.
    const { roleIds } = await this.directory.effectiveRoles(userId);
    if (!roleIds.length) return [];
    return rowsOf(
      await this.db.query(
        `${select} JOIN sys_role_menu rm ON rm.menu_id = m.menu_id
          WHERE rm.role_id IN (?) AND ${where} ORDER BY m.parent_id, m.order_num`,
        [roleIds],
      ),
    );
  }
}

function rowsOf(rows: (MenuRow & { order_num: number })[]): MenuRow[] {
  return rows.map((row) => ({
    ...row,
    menuId: Number(row.menuId),
    parentId: Number(row.parentId),
  }));
}

function buildTree(rows: MenuRow[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>(rows.map((r) => [r.menuId, { ...r, children: [] }]));
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else if (node.parentId === 0) roots.push(node);
  }
  return roots;
}

function meta(node: MenuNode, lang: Language): RouteItem['meta'] {
  return {
    title: lang === 'en' ? node.menuNameEn || node.menuName : node.menuName,
    icon: node.icon,
    noCache: Number(node.isCache) === 1,
    link: isHttp(node.path) ? node.path : null,
  };
}

function routeName(node: MenuNode): string {
  return node.routeName || `Menu${node.menuId}`;
}

/** A top-level entry: a directory becomes a Layout with children; a page is wrapped in a Layout at "/". */
function toTopRoute(node: MenuNode, lang: Language): RouteItem {
  const hidden = node.visible === '1';
  if (node.menuType === 'M') {
    return {
      name: routeName(node),
      path: isHttp(node.path) ? node.path : `/${node.path}`,
      hidden,
      redirect: 'noRedirect',
      component: 'Layout',
      alwaysShow: node.children.length > 0,
      meta: meta(node, lang),
      children: node.children.map((child) => toChildRoute(child, lang)),
    };
  }
  if (Number(node.isFrame) === 0 && isHttp(node.path)) {
    return {
      name: routeName(node),
      path: node.path,
      hidden,
      component: 'Layout',
      meta: meta(node, lang),
    };
  }
  return {
    path: '/',
    hidden,
    component: 'Layout',
    children: [toChildRoute(node, lang)],
  };
}

function toChildRoute(node: MenuNode, lang: Language): RouteItem {
  const route: RouteItem = {
    name: routeName(node),
    path: node.path,
    hidden: node.visible === '1',
    component:
      node.menuType === 'M'
        ? 'ParentView'
        : isHttp(node.path) && Number(node.isFrame) === 1
          ? 'InnerLink'
          : (node.component ?? ''),
    meta: meta(node, lang),
  };
  if (node.query) route.query = node.query;
  if (node.menuType === 'M') {
    route.alwaysShow = node.children.length > 0;
    route.redirect = 'noRedirect';
    route.children = node.children.map((child) => toChildRoute(child, lang));
  }
  return route;
}
