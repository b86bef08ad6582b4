import { createFileRoute, useRouter } from '@tanstack/react-router';

import { type AuthPanel, AuthScreen } from '../features/auth/components/AuthScreen';
import { safeRedirect } from '../features/auth/guard';

interface LoginSearch {
  redirect?: string;
  panel?: Exclude<AuthPanel, 'login'>;
  inviteCode?: string;
}

const REGISTER_PATH = '/register';

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    redirect: typeof search.redirect === 'string' ? search.redirect : undefined,
    panel: search.panel === 'register' || search.panel === 'forgot' ? search.panel : undefined,
    inviteCode: typeof search.inviteCode === 'string' ? search.inviteCode : undefined,
  }),
  component: LoginRoute,
});

function LoginRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const router = useRouter();
  // /register is not open without a token: the guard sends it here, and here it opens the register panel.
  const wantsRegister = search.redirect === REGISTER_PATH;
  const panel: AuthPanel = search.panel ?? (wantsRegister ? 'register' : 'login');
  return (
    <AuthScreen
      panel={panel}
      inviteCode={search.inviteCode}
      onPanel={(next) =>
        void navigate({
          search: (prev) => ({
            ...prev,
            redirect: prev.redirect === REGISTER_PATH ? undefined : prev.redirect,
            panel: next === 'login' ? undefined : next,
          }),
          replace: true,
        })
      }
      onSignedIn={() => router.history.push(wantsRegister ? '/' : safeRedirect(search.redirect))}
    />
  );
}
