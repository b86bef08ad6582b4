import { useLingui } from '@lingui/react/macro';
import { Box, Drawer, ScrollArea, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useLocation, useRouter } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';

import { Logo } from '../../../components/Logo';
import { getToken, sessionStore, useSession } from '../../../lib/auth';
import { currentLanguage, onLanguageChange } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { openUserSocket, type SocketEvent, socketUrl } from '../../../lib/socket';
import {
  PhoneBindingDialog,
  usePhoneBindingNeeded,
} from '../../auth/components/PhoneBindingDialog';
import { reloadMenu, signOut } from '../../auth/session';
import { CONSTANT_ROUTES } from '../../menu/local-routes';
import { flattenMenu, type MenuNode, visibleMenu } from '../../menu/menu';
import { titleText } from '../../menu/PageHost';
import { resolvePath } from '../../menu/resolve';
import { MOBILE_BREAKPOINT, patchLayout, useLayout } from '../layout.store';
import { addTag, tagsStore } from '../tags';
import { ConfirmDialog } from './ConfirmDialog';
import classes from './Layout.module.css';
import { Navbar } from './Navbar';
import { SettingsDrawer } from './SettingsDrawer';
import { SidebarMenu } from './SidebarMenu';
import { TagsView } from './TagsView';

function useSocketNotices() {
  const { t } = useLingui();
  const userId = useSession((state) => state.user?.userId);
  useEffect(() => {
    const token = getToken();
    if (!userId || !token) return;
    const onEvent = (event: SocketEvent) => {
      if (event.kind === 'notice') notify('info', event.text);
      if (event.kind === 'link') {
        sessionStore.set((state) => ({ ...state, linkStatus: event.enabled ? 1 : 0 }));
        if (event.enabled) notify('success', t`Your invitation link has been enabled`);
        else notify('warning', t`Your invitation link has been disabled by the administrator`);
      }
    };
    openUserSocket({
      url: socketUrl(userId, window.location),
      token,
      onEvent,
      language: currentLanguage,
    });
  }, [userId, t]);
}

/** With top navigation the sidebar shows the children of the active top entry (spec §2). */
function sideMenu(nodes: MenuNode[], topNav: boolean, pathname: string): MenuNode[] {
  if (!topNav) return nodes;
  const active = nodes.find(
    (node) => pathname === node.path || pathname.startsWith(`${node.path}/`),
  );
  return active?.children ?? [];
}

/** Pinned tabs: the dashboard and the menu pages marked affix. */
function useAffixTags() {
  const routes = useSession((state) => state.routes);
  useEffect(() => {
    const affix = [
      ...CONSTANT_ROUTES.filter((route) => route.affix).map((route) => route.path),
      ...flattenMenu(routes)
        .filter((page) => page.affix && !page.path.includes(':'))
        .map((page) => page.path),
    ];
    tagsStore.set((tags) => {
      const pinned = affix.reduce<typeof tags>(
        (list, path) => addTag(list, { path, href: path, affix: true }),
        [],
      );
      return tags.reduce(addTag, pinned);
    });
  }, [routes]);
}

function useDocumentTitle() {
  const { t, i18n } = useLingui();
  const dynamic = useLayout((state) => state.settings.dynamicTitle);
  const pathname = useLocation({ select: (location) => location.pathname });
  const session = useSession((state) => state);
  useEffect(() => {
    const app = t`AbDesign`;
    const found = resolvePath(pathname, session);
    document.title =
      dynamic && found.kind === 'page' ? `${titleText(i18n, found.title)} - ${app}` : app;
  }, [dynamic, pathname, session, t, i18n]);
}

/** The main layout of spec §2: sidebar (drawer on mobile), navbar, tab bar and the page. */
export function MainLayout() {
  const { t } = useLingui();
  const router = useRouter();
  const queryClient = useQueryClient();
  const routes = useSession((state) => state.routes);
  const pathname = useLocation({ select: (location) => location.pathname });
  const layout = useLayout((state) => state);
  const { settings } = layout;
  const nodes = useMemo(
    () => sideMenu(visibleMenu(routes), settings.topNav, pathname),
    [routes, settings.topNav, pathname],
  );
  const sidebarHidden = settings.topNav && nodes.length === 0;
  useEffect(() => patchLayout({ sidebarHidden }), [sidebarHidden]);
  const mobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`) ?? false;
  const [confirming, setConfirming] = useState(false);
  const bindingNeeded = usePhoneBindingNeeded();

  useEffect(
    () => patchLayout({ device: mobile ? 'mobile' : 'desktop', drawerOpened: false }),
    [mobile],
  );
  useEffect(
    () =>
      onLanguageChange(() => {
        void reloadMenu();
        void queryClient.invalidateQueries();
      }),
    [queryClient],
  );
  useSocketNotices();
  useAffixTags();
  useDocumentTitle();

  const logout = async () => {
    setConfirming(false);
    await signOut();
    queryClient.clear();
    router.history.push('/index');
  };

  const collapsed = !layout.sidebarOpened;
  const sidebar = (
    <>
      {settings.sidebarLogo ? (
        <UnstyledButton component={Link} to="/" className={classes.logo} data-testid="sidebar-logo">
          <Logo
            compact={collapsed && !mobile}
            color={settings.sideTheme === 'theme-dark' ? 'white' : undefined}
          />
        </UnstyledButton>
      ) : null}
      <ScrollArea className={classes.menuScroll}>
        <SidebarMenu
          nodes={nodes}
          collapsed={collapsed && !mobile}
          onNavigate={mobile ? () => patchLayout({ drawerOpened: false }) : undefined}
        />
      </ScrollArea>
    </>
  );

  return (
    <div
      className={classes.shell}
      data-side-theme={settings.sideTheme}
      data-collapsed={collapsed || undefined}
      data-mobile={mobile || undefined}
      data-testid="main-layout"
    >
      {mobile ? (
        <Drawer
          opened={layout.drawerOpened}
          onClose={() => patchLayout({ drawerOpened: false })}
          size="80%"
          withCloseButton={false}
          padding={0}
          classNames={{ body: classes.drawerBody }}
          data-side-theme={settings.sideTheme}
          data-testid="mobile-drawer"
        >
          <div className={classes.sidebarInner} data-side-theme={settings.sideTheme}>
            {sidebar}
          </div>
        </Drawer>
      ) : layout.sidebarHidden ? null : (
        <aside className={classes.sidebar} data-testid="sidebar">
          <div className={classes.sidebarInner} data-side-theme={settings.sideTheme}>
            {sidebar}
          </div>
        </aside>
      )}
      <div className={classes.main}>
        <header className={classes.header} data-fixed={settings.fixedHeader || undefined}>
          <Navbar onLogout={() => setConfirming(true)} />
          {settings.tagsView ? <TagsView /> : null}
        </header>
        <Box component="main" className={classes.content} p="md">
          <Outlet />
        </Box>
      </div>
      <SettingsDrawer />
      <ConfirmDialog
        opened={confirming}
        message={t`Are you sure you want to log out and exit the system?`}
        onConfirm={() => void logout()}
        onCancel={() => setConfirming(false)}
      />
      {bindingNeeded ? <PhoneBindingDialog onLogout={() => void logout()} /> : null}
    </div>
  );
}
