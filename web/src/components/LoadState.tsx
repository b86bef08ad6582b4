import { Trans } from '@lingui/react/macro';
import { Alert, Button, Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Loading and error states of a page that needs one record before it can show anything: the error
 * with a retry, else a loader while `loading`, else the children.
 */
export function LoadState({
  loading,
  error,
  onRetry,
  children,
}: {
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  children?: ReactNode;
}) {
  if (error) {
    return (
      <Alert color="red" title={<Trans>Loading failed</Trans>} data-testid="load-error">
        <Button size="xs" variant="light" mt="xs" onClick={onRetry}>
          <Trans>Retry</Trans>
        </Button>
      </Alert>
    );
  }
  if (loading) {
    return (
      <Center py={60} data-testid="page-loading">
        <Loader />
      </Center>
    );
  }
  return <>{children}</>;
}
