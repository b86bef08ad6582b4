import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

import { usePublicPageMeta } from '../../lib/page-meta';

/** /404 and /401 (spec §2). */
export function ErrorPage({ status }: { status: 401 | 404 }) {
  const { t } = useLingui();
  usePublicPageMeta(status === 404 ? t`Page not found` : t`No permission`);
  return (
    <Center component="main" mih="100vh" p="xl">
      <Stack align="center" gap="md" data-testid={`error-${status}`}>
        <Text fz={72} fw={700} c="brand" aria-hidden>
          {status}
        </Text>
        <Title order={1} size="h3">
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
