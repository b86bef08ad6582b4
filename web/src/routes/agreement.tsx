import { createFileRoute } from '@tanstack/react-router';

import { AgreementPage } from '../features/pages/LegalPage';

export const Route = createFileRoute('/agreement')({
  validateSearch: (search: Record<string, unknown>): { tab?: 'user' | 'privacy' } => ({
    tab: search.tab === 'privacy' ? 'privacy' : undefined,
  }),
  component: function AgreementRoute() {
    const { tab } = Route.useSearch();
    return <AgreementPage tab={tab ?? 'user'} />;
  },
});
