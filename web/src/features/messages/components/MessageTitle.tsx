import { Anchor } from '@mantine/core';
import { isSafeLink } from '@platform/contracts';

import { AppLink } from '../../../components/AppLink';

/**
 * A message's title, a link when the message has a safe one (contracts isSafeLink, the rule the
 * server applies on send): an in-app path navigates in the app, an http(s) address opens in a new tab.
 * Anything else (refused on send, but an older row may hold one) stays plain text, so a
 * `javascript:` link can never be clicked.
 */
export function MessageTitle({ link, title }: { link: string; title: string }) {
  if (!isSafeLink(link)) return <>{title}</>;
  if (link.startsWith('/'))
    return (
      <Anchor component={AppLink} to={link}>
        {title}
      </Anchor>
    );
  return (
    <Anchor href={link} target="_blank" rel="noopener noreferrer">
      {title}
    </Anchor>
  );
}
