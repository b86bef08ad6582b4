import { Trans } from '@lingui/react/macro';
import { Alert, Button, Center, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * What a list shows under its table besides the rows: a loader for the first page, the error with a
 * retry, or `empty` when the answer has no rows. Test ids are `<testId>-loading`, `-error`, `-empty`.
 */
export function ListStates({
  list,
  rowCount,
  empty,
  testId,
}: {
  list: Pick<UseQueryResult, 'isPending' | 'isError' | 'isFetching' | 'refetch'>;
  rowCount: number;
  empty: ReactNode;
  testId: string;
}) {
  return (
    <>
      {list.isPending ? (
        <Center py="md" data-testid={`${testId}-loading`}>
          <Loader size="sm" />
        </Center>
      ) : null}
      {list.isError ? (
        <Alert color="red" title={<Trans>Loading failed</Trans>} data-testid={`${testId}-error`}>
          <Button size="xs" variant="light" onClick={() => void list.refetch()}>
            <Trans>Retry</Trans>
          </Button>
        </Alert>
      ) : null}
      {!rowCount && !list.isFetching && !list.isError ? (
        <Text c="dimmed" ta="center" data-testid={`${testId}-empty`}>
          {empty}
        </Text>
      ) : null}
    </>
  );
}
