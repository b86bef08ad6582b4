import { Trans } from '@lingui/react/macro';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** /404 and /401 (spec §2). */
export function ErrorPage({ status }: { status: 401 | 404 }) {
  return (
    <Center mih="100vh" p="xl">
      <Stack align="center" gap="md" data-testid={`error-${status}`}>
        <Title order={1} fz={72} c="brand">
          {status}
        </Title>
        <Title order={3}>
          {status === 404 ? <Trans>Page not found</Trans> : <Trans>No permission</Trans>}
        </Title>
        <Text c="dimmed" ta="center" maw={420}>
          {status === 404 ? (
            <Trans>The page you are looking for does not exist or has been moved.</Trans>
          ) : (
            <Trans>
              You have no permission to access this page. Contact the administrator if you need it.
            </Trans>
          )}
        </Text>
        <Button component={Link} to="/">
          <Trans>Back to home</Trans>
        </Button>
      </Stack>
    </Center>
  );
}
