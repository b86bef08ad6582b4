import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Box, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Suspense, useLayoutEffect } from 'react';

import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { Logo } from '../../../components/Logo';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';
import { usePublicPageMeta } from '../../../lib/page-meta';
import { removeStartupShell } from '../../../lib/startup-shell';
import classes from './AuthScreen.module.css';
import { LoginForm } from './LoginForm';

// Registering and recovering a password are loaded when opened: their area-code select (Mantine's
// Combobox) and code inputs would otherwise ride in the JavaScript every visitor loads before sign-in.
// The sign-in route loads the one its address opens before the screen renders (preloadPanel).
const RegisterForm = lazyWithPreload(() => import('./RegisterForm').then((m) => m.RegisterForm));
const ForgotPasswordForm = lazyWithPreload(() =>
  import('./ForgotPasswordForm').then((m) => m.ForgotPasswordForm),
);

/** Loads the form of a panel that is not in the entry (register, forgot). */
export function preloadPanel(panel: AuthPanel): Promise<unknown> {
  if (panel === 'register') return RegisterForm.preload();
  if (panel === 'forgot') return ForgotPasswordForm.preload();
  return Promise.resolve();
}

export type AuthPanel = 'login' | 'register' | 'forgot';

const PANEL_TITLES = {
  login: msg`Sign in`,
  register: msg`Create an account`,
  forgot: msg`Recover your password`,
} as const;

/** The sign-in screen with its three panels: sign in, register, forgot password. */
export function AuthScreen({
  panel,
  inviteCode,
  onPanel,
  onSignedIn,
}: {
  panel: AuthPanel;
  inviteCode?: string;
  onPanel: (panel: AuthPanel) => void;
  onSignedIn: () => void;
}) {
  const { i18n } = useLingui();
  usePublicPageMeta(i18n._(PANEL_TITLES[panel]));
  // Before this screen is painted: the same screen from index.html goes in the same frame.
  useLayoutEffect(removeStartupShell, []);
  return (
    <div className={classes.screen}>
      <Box component="aside" className={classes.intro} visibleFrom="md">
        <Logo color="white" />
        <Title order={2} size="h1" c="white" mt="xl">
          <Trans>AI-assisted antibody design</Trans>
        </Title>
        <Text c="white" opacity={0.85} mt="md" maw={420}>
          <Trans>
            Talk to a multi-agent assistant to design and optimise antibodies: de novo design,
            humanization, epitope prediction, structure prediction and risk-site analysis.
          </Trans>
        </Text>
      </Box>
      <main className={classes.side}>
        <Group justify="flex-end" p="md">
          <LanguageSwitch />
        </Group>
        <Stack className={classes.card} justify="center">
          <Paper p="xl" radius="md" withBorder shadow="sm">
            <Title order={1} size="h3" mb="lg" data-testid="auth-title">
              {i18n._(PANEL_TITLES[panel])}
            </Title>
            {panel === 'login' ? <LoginForm onSignedIn={onSignedIn} onSwitch={onPanel} /> : null}
            <Suspense
              fallback={
                // About the height of the forms it stands for, so the card does not jump when they
                // arrive (layout shift on a phone).
                <Center py="xl" mih={panel === 'register' ? 520 : 400}>
                  <Loader size="sm" />
                </Center>
              }
            >
              {panel === 'register' ? (
                <RegisterForm
                  inviteCode={inviteCode}
                  onSignedIn={onSignedIn}
                  onBack={() => onPanel('login')}
                />
              ) : null}
              {panel === 'forgot' ? <ForgotPasswordForm onBack={() => onPanel('login')} /> : null}
            </Suspense>
          </Paper>
        </Stack>
      </main>
    </div>
  );
}
