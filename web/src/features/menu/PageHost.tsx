import { useLingui } from '@lingui/react';
import { Center, Loader } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { Suspense, useEffect, useMemo } from 'react';

import { useSession } from '../../lib/auth';
import { CONTAINERS, type Title } from '../../lib/menu';
import { pageFor } from '../../lib/page-registry';
import { addTag, setActiveTag, tagsStore } from '../../lib/tags';
import { PageNotAvailable } from './PageNotAvailable';
import { resolvePath } from './resolve';

export function titleText(i18n: ReturnType<typeof useLingui>['i18n'], title: Title): string {
  return typeof title === 'string' ? title : i18n._(title);
}

/** Shows the page a path resolves to, lazily loaded; remembers it in the tab bar. */
export function PageHost() {
  const location = useLocation();
  const session = useSession((state) => state);
  const found = useMemo(
    () => resolvePath(location.pathname, session),
    [location.pathname, session],
  );

  useEffect(() => {
    if (found.kind !== 'page') return;
    tagsStore.set((tags) =>
      addTag(tags, { path: location.pathname, href: location.href, affix: found.affix }),
    );
    setActiveTag(location.pathname);
  }, [found, location.pathname, location.href]);

  if (found.kind !== 'page') return null;
  const Page = CONTAINERS.has(found.component) ? undefined : pageFor(found.component);
  if (!Page) return <PageNotAvailable component={found.component} />;
  return (
    <Suspense
      fallback={
        <Center py={80}>
          <Loader />
        </Center>
      }
    >
      <Page key={location.pathname} params={found.params} link={found.link} />
    </Suspense>
  );
}
