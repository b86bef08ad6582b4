import { createFileRoute, redirect } from '@tanstack/react-router';

import { LANDING_PATH } from '../../lib/local-routes';

export const Route = createFileRoute('/_main/')({
  beforeLoad: () => {
    throw redirect({ href: LANDING_PATH });
  },
});
