import { useLingui } from '@lingui/react/macro';
import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';

import { AppLink } from '../../../components/AppLink';
import { useSession } from '../../../lib/auth';
import { DASHBOARD_PATH } from '../../../lib/local-routes';
import { resolvePath, titleText } from '../../menu';

/** Where the page sits in the menu, starting at the dashboard /index (spec §2). */
export function Breadcrumb() {
  const { t, i18n } = useLingui();
  const pathname = useLocation({ select: (location) => location.pathname });
  const session = useSession((state) => state);
  const found = resolvePath(pathname, session);
  const items =
    found.kind === 'page' && found.path !== DASHBOARD_PATH
      ? [...found.trail, found.title].map((title) => titleText(i18n, title))
      : [];
  return (
    <Breadcrumbs separator="/" data-testid="breadcrumb" visibleFrom="sm">
      <Anchor component={AppLink} to={DASHBOARD_PATH} size="sm">
        {t`Dashboard`}
      </Anchor>
      {items.map((item, i) => (
        <Text key={`${i}-${item}`} size="sm" c={i === items.length - 1 ? 'dimmed' : undefined}>
          {item}
        </Text>
      ))}
    </Breadcrumbs>
  );
}
