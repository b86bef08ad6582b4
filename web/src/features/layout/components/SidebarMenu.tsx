import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Menu, NavLink, Tooltip, UnstyledButton } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { useState } from 'react';

import { AppLink } from '../../../components/AppLink';
import { MenuIcon } from '../../../components/menuIcons';
import type { MenuNode } from '../../../lib/menu';
import { titleText } from '../../menu';
import classes from './Layout.module.css';

const within = (pathname: string, path: string) =>
  pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`);

/** A page opens in the app; an external entry opens in a new tab. */
function leafProps(node: MenuNode) {
  return node.link
    ? { component: AppLink, to: node.link, target: '_blank', rel: 'noreferrer' }
    : { component: AppLink, to: node.path };
}

interface ItemProps {
  node: MenuNode;
  pathname: string;
  onNavigate?: () => void;
}

function Item({ node, pathname, onNavigate }: ItemProps) {
  const { i18n } = useLingui();
  if (node.children.length > 0) {
    return <GroupItem node={node} pathname={pathname} onNavigate={onNavigate} />;
  }
  return (
    <NavLink
      {...leafProps(node)}
      label={titleText(i18n, node.title)}
      leftSection={<MenuIcon name={node.icon} />}
      active={pathname === node.path}
      onClick={onNavigate}
      className={classes.navLink}
      data-menu-path={node.path}
    />
  );
}

/** A group header that opens and closes its pages (open at first when it holds the current page). */
function GroupItem({ node, pathname, onNavigate }: ItemProps) {
  const { i18n } = useLingui();
  const [opened, setOpened] = useState(() => within(pathname, node.path));
  // A closed group's pages are drawn once it is first opened (kept after, for the closing animation):
  // an administrator's menu has dozens of links, each following the router, and drawing them all when
  // the menu arrives was one long task on a phone (issue 20, total blocking time). The placeholder
  // keeps NavLink a group (it is one only with children).
  const [drawn, setDrawn] = useState(opened);
  const toggle = (open: boolean) => {
    if (open) setDrawn(true);
    setOpened(open);
  };
  return (
    <NavLink
      // A button, not Mantine's default anchor: an anchor without an address is skipped by Tab in both
      // directions, so a closed group could not be opened and its pages were out of reach of the keyboard.
      // Its pages sit in a Collapse that is inert while closed, so they leave the tab order with it.
      component="button"
      aria-expanded={opened}
      opened={opened}
      onChange={toggle}
      label={titleText(i18n, node.title)}
      leftSection={<MenuIcon name={node.icon} />}
      className={classes.navLink}
      data-menu-path={node.path}
    >
      {drawn ? (
        node.children.map((child) => (
          <Item key={child.path} node={child} pathname={pathname} onNavigate={onNavigate} />
        ))
      ) : (
        <span hidden />
      )}
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
          data-menu-path={node.path}
        >
          <MenuIcon name={node.icon} size={20} />
        </UnstyledButton>
      </Tooltip>
    );
  }
  return (
    // click-hover: with 'hover' alone Enter and Space on the icon did nothing, leaving the group's pages
    // to the mouse.
    <Menu trigger="click-hover" position="right-start" offset={4}>
      <Menu.Target>
        <UnstyledButton
          className={classes.iconItem}
          data-active={active || undefined}
          aria-label={label}
          data-menu-path={node.path}
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
