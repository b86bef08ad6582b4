import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Menu, NavLink, Tooltip, UnstyledButton } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';

import { AppLink } from '../../../components/AppLink';
import type { MenuNode } from '../../menu/menu';
import { titleText } from '../../menu/PageHost';
import { MenuIcon } from '../menuIcons';
import classes from './Layout.module.css';

const within = (pathname: string, path: string) =>
  pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`);

/** A page opens in the app; an external entry opens in a new tab. */
function leafProps(node: MenuNode) {
  return node.link
    ? { component: AppLink, to: node.link, target: '_blank', rel: 'noreferrer' }
    : { component: AppLink, to: node.path };
}

function Item({
  node,
  pathname,
  onNavigate,
}: {
  node: MenuNode;
  pathname: string;
  onNavigate?: () => void;
}) {
  const { i18n } = useLingui();
  const label = titleText(i18n, node.title);
  if (node.children.length === 0) {
    return (
      <NavLink
        {...leafProps(node)}
        label={label}
        leftSection={<MenuIcon name={node.icon} />}
        active={pathname === node.path}
        onClick={onNavigate}
        className={classes.navLink}
        data-menu-path={node.path}
      />
    );
  }
  return (
    <NavLink
      label={label}
      leftSection={<MenuIcon name={node.icon} />}
      defaultOpened={within(pathname, node.path)}
      className={classes.navLink}
      data-menu-path={node.path}
    >
      {node.children.map((child) => (
        <Item key={child.path} node={child} pathname={pathname} onNavigate={onNavigate} />
      ))}
    </NavLink>
  );
}

function leaves(node: MenuNode): MenuNode[] {
  return node.children.length === 0 ? [node] : node.children.flatMap(leaves);
}

/** Collapsed sidebar: icons only; a group shows its pages in a pop-out menu. */
function CollapsedItem({ node, pathname }: { node: MenuNode; pathname: string }) {
  const { i18n } = useLingui();
  const label = titleText(i18n, node.title);
  const active = within(pathname, node.path);
  if (node.children.length === 0) {
    return (
      <Tooltip label={label} position="right">
        <UnstyledButton
          {...leafProps(node)}
          className={classes.iconItem}
          data-active={active || undefined}
          aria-label={label}
        >
          <MenuIcon name={node.icon} size={20} />
        </UnstyledButton>
      </Tooltip>
    );
  }
  return (
    <Menu trigger="hover" position="right-start" offset={4}>
      <Menu.Target>
        <UnstyledButton
          className={classes.iconItem}
          data-active={active || undefined}
          aria-label={label}
        >
          <MenuIcon name={node.icon} size={20} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        {leaves(node).map((leaf) => (
          <Menu.Item key={leaf.path} {...leafProps(leaf)}>
            {titleText(i18n, leaf.title)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The menu tree from the server (spec §2), open or collapsed to icons. */
export function SidebarMenu({
  nodes,
  collapsed,
  onNavigate,
}: {
  nodes: MenuNode[];
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { i18n } = useLingui();
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <nav
      className={classes.menu}
      aria-label={i18n._(msg`Main menu`)}
      data-testid="sidebar-menu"
      data-collapsed={collapsed || undefined}
    >
      {nodes.map((node) =>
        collapsed ? (
          <CollapsedItem key={node.path} node={node} pathname={pathname} />
        ) : (
          <Item key={node.path} node={node} pathname={pathname} onNavigate={onNavigate} />
        ),
      )}
    </nav>
  );
}
