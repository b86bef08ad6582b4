import { createFileRoute, useRouter } from '@tanstack/react-router';

import { captchaQuery } from '../features/auth/auth.api';
import { type AuthPanel, AuthScreen, preloadPanel } from '../features/auth/components/AuthScreen';
import { safeRedirect } from '../features/auth/guard';

interface LoginSearch {
  redirect?: string;
  panel?: Exclude<AuthPanel, 'login'>;
  inviteCode?: string;
}

const REGISTER_PATH = '/register';
/** How long the sign-in screen waits for what its panel needs before it renders without it. */
const PANEL_WAIT_MS = 1_500;

/** The panel the address opens (/register is not open without a token: the guard sends it here). */
function panelOf(search: LoginSearch): AuthPanel {
  return search.panel ?? (search.redirect === REGISTER_PATH ? 'register' : 'login');
}

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    redirect: typeof search.redirect === 'string' ? search.redirect : undefined,
    panel: search.panel === 'register' || search.panel === 'forgot' ? search.panel : undefined,
    inviteCode: typeof search.inviteCode === 'string' ? search.inviteCode : undefined,
  }),
  // What the panel needs before the screen renders: the sign-in form's captcha, the register or
  // recovery form's module. The form then renders once, instead of a second render (synchronous, the
  // whole form) when the captcha arrives or a loader in its place. Waited for a moment only: a slow
  // captcha or module does not hold the screen (it then comes in as before), and never fails the route.
  loaderDeps: ({ search }) => ({ panel: panelOf(search) }),
  loader: ({ context, deps }) =>
    atMost(
      PANEL_WAIT_MS,
      deps.panel === 'login'
        ? context.queryClient.prefetchQuery(captchaQuery)
        : preloadPanel(deps.panel).catch(() => undefined),
    ),
  component: LoginRoute,
});

/** Waits for `work`, `ms` at most; the timer goes with it (no pending timer once the work is in). */
async function atMost(ms: number, work: Promise<unknown>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

function LoginRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const router = useRouter();
  const wantsRegister = search.redirect === REGISTER_PATH;
  const panel = panelOf(search);
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
