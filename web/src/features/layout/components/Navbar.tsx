import { useLingui } from '@lingui/react/macro';
import { Avatar, Group, Menu, UnstyledButton } from '@mantine/core';
import {
  IconChartArcs,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLogout,
  IconMaximize,
  IconMinimize,
  IconSettings,
  IconTextSize,
  IconUser,
} from '@tabler/icons-react';
import { Link, useLocation, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

import { AppLink } from '../../../components/AppLink';
import { IconButton } from '../../../components/IconButton';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { Logo } from '../../../components/Logo';
import { useSession } from '../../../lib/auth';
import {
  patchLayout,
  setSize,
  type Size,
  SIZES,
  toggleSidebar,
  useLayout,
} from '../../../lib/layout.store';
import { notify } from '../../../lib/notify';
import { MessageBell } from '../../messages';
import { Breadcrumb } from './Breadcrumb';
import { HeaderSearch } from './HeaderSearch';
import classes from './Layout.module.css';
import { TopNav } from './TopNav';

/** Pages on which the language switch is hidden (spec §2). */
const NO_LANGUAGE_SWITCH = ['/mission/info'];

function FullscreenToggle() {
  const { t } = useLingui();
  // Read in the effect (not during render): the layout is also rendered at build time, without a
  // document (src/startup-shells.tsx).
  const [full, setFull] = useState(false);
  useEffect(() => {
    const sync = () => setFull(Boolean(document.fullscreenElement));
    sync();
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => {
    if (!document.fullscreenEnabled) {
      notify('warning', t`Your browser does not support full screen`);
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen();
  };
  return (
    <IconButton
      label={full ? t`Exit full screen` : t`Full screen`}
      variant="subtle"
      color="gray"
      onClick={toggle}
      data-testid="fullscreen"
    >
      {full ? <IconMinimize size={18} /> : <IconMaximize size={18} />}
    </IconButton>
  );
}

function SizeSelect() {
  const { t } = useLingui();
  const size = useLayout((state) => state.size);
  const labels: Record<Size, string> = {
    default: t`Default`,
    medium: t`Medium`,
    small: t`Small`,
    mini: t`Mini`,
  };
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <IconButton
          label={t`Layout size`}
          variant="subtle"
          color="gray"

          data-testid="size-select"
        >
          <IconTextSize size={18} />
        </IconButton>
      </Menu.Target>
      <Menu.Dropdown>
        {SIZES.map((item) => (
          <Menu.Item
            key={item}
            disabled={item === size}
            onClick={() => {
              setSize(item);
              notify('success', t`Layout size set`);
            }}
          >
            {labels[item]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The top bar: sidebar toggle, breadcrumb or top navigation, search, tools, language, avatar menu. */
export function Navbar({ onLogout }: { onLogout: () => void }) {
  const { t } = useLingui();
  const router = useRouter();
  const pathname = useLocation({ select: (location) => location.pathname });
  const { sidebarOpened, sidebarHidden, device, settings } = useLayout((state) => state);
  const user = useSession((state) => state.user);
  const mobile = device === 'mobile';
  const toggle = () => (mobile ? patchLayout({ drawerOpened: true }) : toggleSidebar());
  return (
    <Group className={classes.navbar} justify="space-between" wrap="nowrap" px="sm">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        {sidebarHidden && !mobile ? null : (
          <IconButton
            label={t`Toggle sidebar`}
            variant="subtle"
            color="gray"
            onClick={toggle}

            data-testid="sidebar-toggle"
          >
            {sidebarOpened && !mobile ? (
              <IconLayoutSidebarLeftCollapse size={20} />
            ) : (
              <IconLayoutSidebarLeftExpand size={20} />
            )}
          </IconButton>
        )}
        {settings.topNav || mobile ? (
          <UnstyledButton component={Link} to="/" aria-label={t`Home`} data-testid="header-logo">
            <Logo compact={mobile} />
          </UnstyledButton>
        ) : null}
        {settings.topNav && !mobile ? <TopNav /> : <Breadcrumb />}
      </Group>
      <Group gap={6} wrap="nowrap">
        <HeaderSearch />
        <IconButton
          label={t`Big screen`}
          variant="subtle"
          color="gray"
          component={AppLink}
          to="/bigscreen"

          data-testid="bigscreen-link"
        >
          <IconChartArcs size={18} />
        </IconButton>
        <MessageBell />
        <FullscreenToggle />
        <SizeSelect />
        {NO_LANGUAGE_SWITCH.includes(pathname) ? null : <LanguageSwitch />}
        <Menu position="bottom-end" width={180}>
          <Menu.Target>
            <UnstyledButton aria-label={t`User menu`} data-testid="avatar-menu">
              <Avatar src={user?.avatar || undefined} radius="xl" size={32} color="brand">
                {/* No user yet (the screen index.html draws before the session): Avatar's own icon. */}
                {user ? (user.nickName || user.userName).slice(0, 1).toUpperCase() : null}
              </Avatar>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconUser size={14} />}
              onClick={() => router.history.push('/user/profile')}
            >
              {t`Personal centre`}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconSettings size={14} />}
              onClick={() => patchLayout({ settingsOpened: true })}
              data-testid="open-settings"
            >
              {t`Layout settings`}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item
              leftSection={<IconLogout size={14} />}
              onClick={onLogout}
              data-testid="logout"
            >
              {t`Log out`}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
