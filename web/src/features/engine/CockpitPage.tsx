import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconExternalLink } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';

import { RequestError } from '../../lib/request';
import { fetchCockpitTicket } from './cockpit.api';

type Target = 'new-tab' | 'this-tab';

/**
 * Engine operations (menu `wujie/workflow/cockpit`): opens Operaton's Cockpit without a second sign-in.
 * The console's session is a bearer token a navigation cannot carry, so the page asks the gateway for a
 * one-time ticket and navigates to its sign-on address, which sets Cockpit's cookie and goes on to Cockpit.
 */
export function CockpitPage() {
  const { t } = useLingui();
  const open = useMutation({
    mutationFn: async ({ tab }: { target: Target; tab: Window | null }) => {
      try {
        const { url } = await fetchCockpitTicket();
        if (tab) {
          tab.opener = null;
          tab.location.href = url;
        } else {
          window.location.assign(url);
        }
      } catch (error) {
        tab?.close();
        throw error;
      }
    },
  });
  const start = (target: Target) => {
    // The tab is opened in the click itself, before the request: one opened after an await is taken
    // for a pop-up and blocked. Where it is blocked anyway, Cockpit opens in this tab.
    const tab = target === 'new-tab' ? window.open('', '_blank') : null;
    open.mutate({ target, tab });
  };
  const busy = (target: Target) => open.isPending && open.variables?.target === target;
  const error =
    open.error instanceof RequestError
      ? open.error.message
      : open.error
        ? t`Cockpit could not be opened, please try again`
        : null;

  return (
    <Stack maw={720} data-testid="engine-cockpit">
      <Title order={2} size="h3">
        <Trans>Engine operations (Cockpit)</Trans>
      </Title>
      <Card withBorder>
        <Stack>
          <Text>
            <Trans>
              Cockpit is the operations console of the process engine: deployed processes, running
              and finished process instances, incidents, jobs and their retries. It opens with your
              platform sign-in.
            </Trans>
          </Text>
          {error ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              title={t`Cockpit could not be opened`}
              data-testid="cockpit-error"
            >
              {error}
            </Alert>
          ) : null}
          <Group>
            <Button
              leftSection={<IconExternalLink size={16} />}
              loading={busy('new-tab')}
              disabled={open.isPending}
              onClick={() => start('new-tab')}
              data-testid="open-cockpit"
            >
              {error ? <Trans>Try again</Trans> : <Trans>Open Cockpit</Trans>}
            </Button>
            <Button
              variant="subtle"
              loading={busy('this-tab')}
              disabled={open.isPending}
              onClick={() => start('this-tab')}
              data-testid="open-cockpit-here"
            >
              <Trans>Open in this tab</Trans>
            </Button>
          </Group>
          {open.isPending ? (
            <Text size="sm" c="dimmed" data-testid="cockpit-opening">
              <Trans>Opening Cockpit…</Trans>
            </Text>
          ) : null}
          {open.isSuccess && open.variables.tab ? (
            <Text size="sm" c="dimmed" data-testid="cockpit-opened">
              <Trans>Cockpit is open in a new tab.</Trans>
            </Text>
          ) : null}
        </Stack>
      </Card>
    </Stack>
  );
}
