import { BPM_MENU } from './menus/bpm';
import type { MenuSeed } from './menus/builders';
import { MONITOR_MENU } from './menus/monitor';
import { PRODUCT_MENUS } from './menus/product';
import { SYSTEM_MENU } from './menus/system';
import { TOOL_MENU } from './menus/tool';

export type { MenuSeed } from './menus/builders';

/**
 * The menu tree of the spec's "Menu areas" and "other screens by area", with stable ids so roles can be
 * granted menus by id. `component` strings are resolved by the web app's page registry.
 * `forDefaultRole` marks what every signed-up user (ROLE_DEFAULT) gets.
 */
export const MENU_SEED: MenuSeed[] = [
  ...PRODUCT_MENUS,
  BPM_MENU,
  SYSTEM_MENU,
  MONITOR_MENU,
  TOOL_MENU,
];

/** Flattens the tree into rows with parent ids and sibling order. */
export function flattenMenus(
  tree: MenuSeed[] = MENU_SEED,
  parentId = 0,
): (MenuSeed & { parentId: number; orderNum: number })[] {
  return tree.flatMap((menu, index) => [
    { ...menu, parentId, orderNum: index + 1 },
    ...flattenMenus(menu.children ?? [], menu.id),
  ]);
}

/** Route-name of the talk playground entry that user id 1 does not see (spec §2). */
export const TALK_PLAYGROUND_ROUTE = 'TalkPlayground';
/** Route-name of the dashboard entry only user id 1 sees (spec §2). */
export const DASHBOARD_ROUTE = 'Index';
