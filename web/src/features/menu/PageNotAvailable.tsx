import { Trans } from '@lingui/react/macro';
import { Center, Code, Stack, Text, Title } from '@mantine/core';
import { IconPuzzleOff } from '@tabler/icons-react';

/** A menu entry whose component this build has no page for. */
export function PageNotAvailable({ component }: { component: string }) {
  return (
    <Center py={80} data-testid="page-not-available">
      <Stack align="center" gap="sm">
        <IconPuzzleOff size={48} stroke={1.4} color="var(--mantine-color-gray-5)" />
        <Title order={2} size="h3">
          <Trans>Page not available</Trans>
        </Title>
        <Text c="dimmed" ta="center" maw={460}>
          <Trans>This page is not part of this version of the application yet.</Trans>
        </Text>
        {component ? <Code>{component}</Code> : null}
      </Stack>
    </Center>
  );
}
