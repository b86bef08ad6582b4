import { useLingui } from '@lingui/react/macro';
import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { inLanguage } from '../labels';
import type { JobError } from '../toolkit.errors';

/** A toolkit error in the UI language. */
export function JobErrorAlert({ error, title }: { error: JobError; title?: ReactNode }) {
  const { i18n, t } = useLingui();
  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle size={18} />}
      title={title}
      data-testid="toolkit-error"
      data-code={error.code}
    >
      {error.message
        ? inLanguage(error.message, i18n.locale)
        : t`The computation failed, please check the input and try again.`}
    </Alert>
  );
}

/** What a tab shows before there is anything to show. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Center py={48} data-testid="toolkit-empty">
      <Stack align="center" gap="xs">
        <IconInfoCircle size={36} stroke={1.4} color="var(--mantine-color-gray-5)" />
        <Text c="dimmed" ta="center" maw={520}>
          {children}
        </Text>
      </Stack>
    </Center>
  );
}

export function Running({ children }: { children: ReactNode }) {
  return (
    <Center py={32} data-testid="toolkit-running">
      <Stack align="center" gap="xs">
        <Loader size="sm" />
        <Text c="dimmed" size="sm">
          {children}
        </Text>
      </Stack>
    </Center>
  );
}
