// Mantine's whole stylesheet, layered: the public pages load only their part of it (App.tsx).
import '@mantine/core/styles.layer.css';

import { useLingui } from '@lingui/react/macro';
import { Box, Drawer, ScrollArea, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useLocation, useRouter } from '@tanstack/react-router';
import {
  type CSSProperties,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Logo } from '../../../components/Logo';
import { getToken, sessionStore, useSession } from '../../../lib/auth';
import { currentLanguage, onLanguageChange } from '../../../lib/i18n';
import { patchLayout, useLayout } from '../../../lib/layout.store';
import { CONSTANT_ROUTES } from '../../../lib/local-routes';
import { flattenMenu, type MenuNode, visibleMenu } from '../../../lib/menu';
import { notify } from '../../../lib/notify';
import { useAppName, useMetaDescription } from '../../../lib/page-meta';
import { openUserSocket, type SocketEvent, socketUrl } from '../../../lib/socket';
import { removeStartupShell } from '../../../lib/startup-shell';
import { addTag, tagsStore } from '../../../lib/tags';
import { sidebarAccent } from '../../../theme';
import { MaintenanceNotice, PhoneBindingDialog, signOut, usePhoneBindingNeeded } from '../../auth';
import { resolvePath, titleText } from '../../menu';
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

/**
 * The name of the page shown (its menu title), which also names the browser tab: "page - app" with the
 * dynamic title on (spec §3), "app - page" with it off (issue 20: the title always names the page).
 */
function usePageTitle(): string {
  const { i18n } = useLingui();
  const dynamic = useLayout((state) => state.settings.dynamicTitle);
  const pathname = useLocation({ select: (location) => location.pathname });
  const session = useSession((state) => state);
  const app = useAppName();
  useMetaDescription();
  const found = resolvePath(pathname, session);
  const page = found.kind === 'page' ? titleText(i18n, found.title) : '';
  useEffect(() => {
    document.title = page ? (dynamic ? `${page} - ${app}` : `${app} - ${page}`) : app;
  }, [dynamic, page, app]);
  return page || app;
}

/**
 * Whether the page inside `main` draws its own h1 (then the layout's hidden one stays out: one h1 per
 * page); watched, since pages load lazily and some draw their title once their data is in.
 */
function usePageOwnHeading(main: RefObject<HTMLElement | null>): boolean {
  const [own, setOwn] = useState(false);
  useEffect(() => {
    const element = main.current;
    if (!element) return;
    const check = () => setOwn(Boolean(element.querySelector('h1:not([data-layout-heading])')));
    check();
    const observer = new MutationObserver(check);
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [main]);
  return own;
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
  // From the store, which reads the screen at start and follows it: a phone's first render is
  // already its own layout, as the one index.html drew (startup-shell.js).
  const mobile = layout.device === 'mobile';
  const [confirming, setConfirming] = useState(false);
  const bindingNeeded = usePhoneBindingNeeded();
  // Before this layout is painted: the landing page index.html drew goes in the same frame (and is
  // never in the document beside it).
  useLayoutEffect(removeStartupShell, []);

  useEffect(
    () =>
      // The menu follows the language by itself (features/auth/session.ts); the pages' data here.
      onLanguageChange(() => void queryClient.invalidateQueries()),
    [queryClient],
  );
  useSocketNotices();
  useAffixTags();
  const pageTitle = usePageTitle();
  const mainRef = useRef<HTMLElement>(null);
  const pageHasHeading = usePageOwnHeading(mainRef);

  const logout = async () => {
    setConfirming(false);
    await signOut();
    queryClient.clear();
    router.history.push('/index');
  };

  const collapsed = !layout.sidebarOpened;
  const accent = {
    '--menu-active': sidebarAccent(settings.theme, settings.sideTheme === 'theme-dark'),
  } as CSSProperties;
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
      {/* First in the document, so it is the first Tab stop: it skips the whole sidebar. */}
      <nav aria-label={t`Skip links`}>
        <a href="#main-content" className={classes.skipLink} data-testid="skip-link">
          {t`Skip to main content`}
        </a>
      </nav>
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
          <div className={classes.sidebarInner} data-side-theme={settings.sideTheme} style={accent}>
            {sidebar}
          </div>
        </Drawer>
      ) : layout.sidebarHidden ? null : (
        <aside className={classes.sidebar} aria-label={t`Sidebar`} data-testid="sidebar">
          <div className={classes.sidebarInner} data-side-theme={settings.sideTheme} style={accent}>
            {sidebar}
          </div>
        </aside>
      )}
      <div className={classes.main}>
        <header
          className={classes.header}
          aria-label={t`Header`}
          data-fixed={settings.fixedHeader || undefined}
        >
          <Navbar onLogout={() => setConfirming(true)} />
          {settings.tagsView ? <TagsView /> : null}
        </header>
        <Box
          component="main"
          ref={mainRef}
          id="main-content"
          tabIndex={-1}
          className={classes.content}
          p="md"
        >
          {pageHasHeading ? null : (
            <h1 className={classes.visuallyHidden} data-layout-heading data-testid="page-heading">
              {pageTitle}
            </h1>
          )}
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
      <MaintenanceNotice onLogout={() => void logout()} />
    </div>
  );
}
