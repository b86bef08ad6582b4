import {
  IconApi,
  IconBinaryTree,
  IconBook,
  IconBuilding,
  IconClock,
  IconCode,
  IconCoin,
  IconDashboard,
  IconDatabase,
  IconDeviceDesktop,
  IconDna2,
  IconEdit,
  IconFileText,
  IconFlask,
  IconForms,
  IconHammer,
  IconId,
  IconLink,
  IconList,
  IconLogin,
  IconMessage,
  IconMessageChatbot,
  IconPoint,
  IconRobot,
  IconServer,
  IconSettings,
  IconShare,
  IconSitemap,
  IconTable,
  IconTool,
  IconUser,
  IconUserCheck,
  IconUsers,
  IconWorld,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

type Icon = ComponentType<{ size?: number; stroke?: number }>;

// The server's menu icon names (meta.icon) mapped to the icon set of the app; unknown names get a dot.
const ICONS: Record<string, Icon> = {
  dashboard: IconDashboard,
  system: IconSettings,
  user: IconUser,
  peoples: IconUsers,
  tree: IconBinaryTree,
  'tree-table': IconTable,
  dict: IconBook,
  edit: IconEdit,
  message: IconMessage,
  log: IconFileText,
  logininfor: IconLogin,
  monitor: IconDeviceDesktop,
  online: IconUserCheck,
  job: IconClock,
  redis: IconDatabase,
  server: IconServer,
  tool: IconTool,
  build: IconHammer,
  code: IconCode,
  swagger: IconApi,
  form: IconForms,
  post: IconId,
  list: IconList,
  link: IconLink,
  international: IconWorld,
  example: IconFlask,
  money: IconCoin,
  chat: IconMessageChatbot,
  robot: IconRobot,
  company: IconBuilding,
  workflow: IconSitemap,
  share: IconShare,
  antibody: IconDna2,
};

/** The icon names a menu may use (the menu screen's icon picker). */
export const MENU_ICON_NAMES = Object.keys(ICONS);

export function MenuIcon({ name, size = 18 }: { name?: string; size?: number }) {
  const Found = (name && ICONS[name]) || IconPoint;
  return <Found size={size} stroke={1.6} />;
}
