import { Trans } from '@lingui/react/macro';
import { Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';

import { confirmCallback } from './realname.api';

type State = 'sending' | 'passed' | 'not-passed' | 'refused' | 'missing';

/** What the page shows in each settled state: icon colour, icon, title (only on success), text. */
const SHOWN: Record<
  Exclude<State, 'sending'>,
  { color: string; icon: ReactNode; title?: ReactNode; text: ReactNode }
> = {
  passed: {
    color: 'green',
    icon: <IconCircleCheck size={40} />,
    title: <Trans>Authentication succeeded</Trans>,
    text: <Trans>Please check the authentication result on your PC.</Trans>,
  },
  'not-passed': {
    color: 'orange',
    icon: <IconClockHour4 size={40} />,
    text: (
      <Trans>
        The certification has not been confirmed. If you did not finish the face verification, scan
        the QR code on your PC again.
      </Trans>
    ),
  },
  refused: {
    color: 'red',
    icon: <IconAlertTriangle size={40} />,
    text: (
      <Trans>
        The certification could not be confirmed. Please scan the QR code on your PC again.
      </Trans>
    ),
  },
  missing: {
    color: 'orange',
    icon: <IconAlertTriangle size={40} />,
    text: (
      <Trans>The authorization code is missing. Please scan the QR code on your PC again.</Trans>
    ),
  },
};

/**
 * The page the phone opens after Alipay's face certification (return URL with our one-time auth_code):
 * it says "succeeded" only when the server confirmed the certification with Alipay's signed answer.
 */
export function AuthCallbackPage({ authCode }: { authCode: string | null }) {
  const [state, setState] = useState<State>(authCode ? 'sending' : 'missing');
  useEffect(() => {
    if (!authCode) return;
    confirmCallback(authCode)
      .then(({ passed }) => setState(passed ? 'passed' : 'not-passed'))
      .catch(() => setState('refused'));
  }, [authCode]);
  const shown = state === 'sending' ? null : SHOWN[state];
  return (
    <Center mih="100vh" p="lg">
      <Stack align="center" gap="md" data-testid="auth-callback" data-state={state}>
        {shown ? (
          <>
            <ThemeIcon size={64} radius="xl" color={shown.color}>
              {shown.icon}
            </ThemeIcon>
            {shown.title ? (
              <Title order={2} size="h3">
                {shown.title}
              </Title>
            ) : null}
            <Text c={shown.title ? 'dimmed' : undefined} ta="center">
              {shown.text}
            </Text>
          </>
        ) : (
          <Loader />
        )}
      </Stack>
    </Center>
  );
}
