/**
 * The icon names a menu entry (type M or C) may carry in `sys_menu.icon`: the web draws each with its
 * own icon (web `menuIcons.tsx` maps every one, typed by this list), the menu screen offers them, the
 * identity seed is typed by it and a gateway test checks the migrated menu table against it. `#` is a
 * button's (type F) placeholder, not an icon.
 */
export const MENU_ICON_NAMES = [
  'dashboard',
  'workbench',
  'system',
  'user',
  'peoples',
  'tree',
  'tree-table',
  'dict',
  'edit',
  'message',
  'log',
  'logininfor',
  'monitor',
  'online',
  'job',
  'redis',
  'druid',
  'server',
  'tool',
  'build',
  'code',
  'swagger',
  'form',
  'post',
  'list',
  'link',
  'international',
  'example',
  'money',
  'gift',
  'chat',
  'history',
  'robot',
  'agent',
  'function',
  'skill',
  'test',
  'playground',
  'company',
  'workflow',
  'flow',
  'share',
  'antibody',
] as const;

export type MenuIconName = (typeof MENU_ICON_NAMES)[number];
