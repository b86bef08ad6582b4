import { Trans } from '@lingui/react/macro';
import { Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

import { request } from '../../lib/request';

/** Hands the payment app's auth_code to the server and says to check the result on the PC. */
export function AuthCallbackPage({ authCode }: { authCode: string | null }) {
  const [state, setState] = useState<'sending' | 'done' | 'missing'>(
    authCode ? 'sending' : 'missing',
  );
  useEffect(() => {
    if (!authCode) return;
    request('/ali/identity/callback', {
      params: { auth_code: authCode },
      isToken: false,
      silent: true,
    })
      .catch(() => undefined)
      .finally(() => setState('done'));
  }, [authCode]);
  return (
    <Center mih="100vh" p="lg">
      <Stack align="center" gap="md" data-testid="auth-callback">
        {state === 'sending' ? <Loader /> : null}
        {state === 'done' ? (
          <>
            <ThemeIcon size={64} radius="xl" color="green">
              <IconCircleCheck size={40} />
            </ThemeIcon>
            <Title order={3}>
              <Trans>Authorization succeeded</Trans>
            </Title>
            <Text c="dimmed" ta="center">
              <Trans>Please check the authentication result on your PC.</Trans>
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
