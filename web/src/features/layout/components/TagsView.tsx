import { useLingui } from '@lingui/react/macro';
import { CloseButton, Group, Menu, ScrollArea } from '@mantine/core';
import {
  IconArrowBarLeft,
  IconArrowBarRight,
  IconPin,
  IconPinnedOff,
  IconRefresh,
  IconSquareX,
  IconX,
  IconXboxX,
} from '@tabler/icons-react';
import { useLocation, useRouter } from '@tanstack/react-router';
import { useState } from 'react';

import { AppLink } from '../../../components/AppLink';
import { useSession } from '../../../lib/auth';
import {
  closeAll,
  closeLeft,
  closeOthers,
  closeRight,
  closeTag,
  nextAfterClose,
  type Tag,
  tagsStore,
  togglePin,
  useTags,
} from '../../../lib/tags';
import { resolvePath, titleText } from '../../menu';
import classes from './Layout.module.css';

interface ContextMenu {
  tag: Tag;
  x: number;
  y: number;
}

/** The tab bar of visited pages with its context menu (spec §2). */
export function TagsView() {
  const { t, i18n } = useLingui();
  const tags = useTags();
  const session = useSession((state) => state);
  const router = useRouter();
  const pathname = useLocation({ select: (location) => location.pathname });
  const [menu, setMenu] = useState<ContextMenu | null>(null);

  const apply = (change: (tags: Tag[]) => Tag[], closed?: string) => {
    const before = tagsStore.get();
    const after = change(before);
    tagsStore.set(after);
    if (after.some((tag) => tag.path === pathname)) return;
    const next = closed ? nextAfterClose(before, after, closed) : after[after.length - 1];
    router.history.push(next?.href ?? '/');
  };

  const titleOf = (tag: Tag) => {
    const found = resolvePath(tag.path, session);
    return found.kind === 'page' ? titleText(i18n, found.title) : tag.path;
  };

  const refresh = (tag: Tag) => {
    const target = tag.href.replace(/^\//, '');
    router.history.push(`/redirect/${target}`);
  };

  const index = menu ? tags.findIndex((tag) => tag.path === menu.tag.path) : -1;
  return (
    <nav
      className={classes.tags}
      aria-label={t`Open pages`}
      data-testid="tags-view"
      onClick={() => setMenu(null)}
    >
      <ScrollArea scrollbarSize={4} type="hover">
        <Group gap={4} wrap="nowrap" px="xs" py={4}>
          {tags.map((tag) => (
            <AppLink
              key={tag.path}
              to={tag.href}
              className={classes.tag}
              data-active={tag.path === pathname || undefined}
              data-affix={tag.affix || undefined}
              data-tag-path={tag.path}
              onContextMenu={(event) => {
                event.preventDefault();
                setMenu({ tag, x: event.clientX, y: event.clientY });
              }}
            >
              {titleOf(tag)}
              {tag.affix ? null : (
                <CloseButton
                  // 24 px: the smallest target a finger is sure to hit (WCAG 2.5.8, Lighthouse's
                  // target-size); the cross keeps the xs size it had, inside the 26 px tag.
                  size={24}
                  iconSize={12}
                  aria-label={t`Close`}
                  onClick={(event) => {
                    event.preventDefault();
                    event.stopPropagation();
                    apply((list) => closeTag(list, tag.path), tag.path);
                  }}
                />
              )}
            </AppLink>
          ))}
        </Group>
      </ScrollArea>
      <Menu opened={menu !== null} onChange={(opened) => !opened && setMenu(null)} withinPortal>
        <Menu.Target>
          <div
            role="button"
            tabIndex={-1}
            aria-label={t`Tab actions`}
            style={{
              position: 'fixed',
              left: menu?.x ?? 0,
              top: menu?.y ?? 0,
              width: 1,
              height: 1,
            }}
          />
        </Menu.Target>
        {menu ? (
          <Menu.Dropdown data-testid="tags-menu">
            <Menu.Item leftSection={<IconRefresh size={14} />} onClick={() => refresh(menu.tag)}>
              {t`Refresh`}
            </Menu.Item>
            {menu.tag.affix ? null : (
              <Menu.Item
                leftSection={<IconX size={14} />}
                onClick={() => apply((list) => closeTag(list, menu.tag.path), menu.tag.path)}
              >
                {t`Close current`}
              </Menu.Item>
            )}
            <Menu.Item
              leftSection={<IconSquareX size={14} />}
              onClick={() => {
                apply((list) => closeOthers(list, menu.tag.path));
                if (menu.tag.path !== pathname) router.history.push(menu.tag.href);
              }}
            >
              {t`Close others`}
            </Menu.Item>
            {index > 0 ? (
              <Menu.Item
                leftSection={<IconArrowBarLeft size={14} />}
                onClick={() => apply((list) => closeLeft(list, menu.tag.path))}
              >
                {t`Close left`}
              </Menu.Item>
            ) : null}
            {index < tags.length - 1 ? (
              <Menu.Item
                leftSection={<IconArrowBarRight size={14} />}
                onClick={() => apply((list) => closeRight(list, menu.tag.path))}
              >
                {t`Close right`}
              </Menu.Item>
            ) : null}
            <Menu.Item leftSection={<IconXboxX size={14} />} onClick={() => apply(closeAll)}>
              {t`Close all`}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item
              leftSection={menu.tag.affix ? <IconPinnedOff size={14} /> : <IconPin size={14} />}
              onClick={() => tagsStore.set((list) => togglePin(list, menu.tag.path))}
            >
              {menu.tag.affix ? t`Unpin` : t`Pin`}
            </Menu.Item>
          </Menu.Dropdown>
        ) : null}
      </Menu>
    </nav>
  );
}
