import { createFileRoute, redirect } from '@tanstack/react-router';

import { PageHost } from '../../features/menu/PageHost';
import { resolvePath } from '../../features/menu/resolve';
import { sessionStore } from '../../lib/auth';

// Every page inside the main layout: the path is resolved against the server menu and the app's own
// routes; unknown paths go to /404 and permission-gated ones without the permission to /401.
export const Route = createFileRoute('/_main/$')({
  beforeLoad: ({ location }) => {
    const found = resolvePath(location.pathname, sessionStore.get());
    if (found.kind === 'notFound') throw redirect({ to: '/404' });
    if (found.kind === 'forbidden') throw redirect({ to: '/401' });
  },
  component: PageHost,
});
