import { useLingui } from '@lingui/react/macro';
import { Group, Menu, UnstyledButton } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { useLocation } from '@tanstack/react-router';

import { AppLink } from '../../../components/AppLink';
import { useSession } from '../../../lib/auth';
import { visibleMenu } from '../../../lib/menu';
import { titleText } from '../../menu';
import classes from './Layout.module.css';

/** How many top-level entries fit in the header: width / 3 / 85 (spec §9). */
export function topNavCount(width: number): number {
  return Math.max(1, Math.floor(width / 3 / 85));
}

function firstLeaf(node: ReturnType<typeof visibleMenu>[number]): string {
  return node.children.length ? firstLeaf(node.children[0]!) : node.path;
}

/** Top navigation: the first-level menu entries in the header, the rest under "More". */
export function TopNav() {
  const { t, i18n } = useLingui();
  const { width } = useViewportSize();
  const routes = useSession((state) => state.routes);
  const pathname = useLocation({ select: (location) => location.pathname });
  const nodes = visibleMenu(routes);
  const count = topNavCount(width || window.innerWidth);
  const shown = nodes.slice(0, count);
  const more = nodes.slice(count);
  const active = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  return (
    <Group gap={2} wrap="nowrap" data-testid="top-nav">
      {shown.map((node) => (
        <UnstyledButton
          key={node.path}
          component={AppLink}
          to={firstLeaf(node)}
          className={classes.topItem}
          data-active={active(node.path) || undefined}
        >
          {titleText(i18n, node.title)}
        </UnstyledButton>
      ))}
      {more.length ? (
        <Menu>
          <Menu.Target>
            <UnstyledButton className={classes.topItem}>{t`More`}</UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            {more.map((node) => (
              <Menu.Item key={node.path} component={AppLink} to={firstLeaf(node)}>
                {titleText(i18n, node.title)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : null}
    </Group>
  );
}
