import { Trans } from '@lingui/react/macro';
import { Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

import { confirmCallback } from '../realname/realname.api';

type State = 'sending' | 'passed' | 'not-passed' | 'refused' | 'missing';

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
  return (
    <Center mih="100vh" p="lg">
      <Stack align="center" gap="md" data-testid="auth-callback" data-state={state}>
        {state === 'sending' ? <Loader /> : null}
        {state === 'passed' ? (
          <>
            <ThemeIcon size={64} radius="xl" color="green">
              <IconCircleCheck size={40} />
            </ThemeIcon>
            <Title order={3}>
              <Trans>Authentication succeeded</Trans>
            </Title>
            <Text c="dimmed" ta="center">
              <Trans>Please check the authentication result on your PC.</Trans>
            </Text>
          </>
        ) : null}
        {state === 'not-passed' ? (
          <>
            <ThemeIcon size={64} radius="xl" color="orange">
              <IconClockHour4 size={40} />
            </ThemeIcon>
            <Text ta="center">
              <Trans>
                The certification has not been confirmed. If you did not finish the face
                verification, scan the QR code on your PC again.
              </Trans>
            </Text>
          </>
        ) : null}
        {state === 'refused' ? (
          <>
            <ThemeIcon size={64} radius="xl" color="red">
              <IconAlertTriangle size={40} />
            </ThemeIcon>
            <Text ta="center">
              <Trans>
                The certification could not be confirmed. Please scan the QR code on your PC again.
              </Trans>
            </Text>
          </>
        ) : null}
        {state === 'missing' ? (
          <>
            <ThemeIcon size={64} radius="xl" color="orange">
              <IconAlertTriangle size={40} />
            </ThemeIcon>
            <Text ta="center">
              <Trans>
                The authorization code is missing. Please scan the QR code on your PC again.
              </Trans>
            </Text>
          </>
        ) : null}
      </Stack>
    </Center>
  );
}
