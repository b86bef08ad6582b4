import { Trans } from '@lingui/react/macro';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';

import type { PageProps } from '../../lib/page-props';

/** InnerLink menu entries: an outside page in a frame as tall as the window minus 94.5 px (spec §9). */
export function InnerLinkPage({ link }: PageProps) {
  const [loading, setLoading] = useState(true);
  return (
    <div style={{ position: 'relative', height: 'calc(100vh - 94.5px)' }}>
      {loading ? (
        <Center pos="absolute" inset={0}>
          <Stack align="center">
            <Loader />
            <Text>
              <Trans>Loading the page, please wait!</Trans>
            </Text>
          </Stack>
        </Center>
      ) : null}
      <iframe
        title={link ?? ''}
        src={link}
        onLoad={() => setLoading(false)}
        style={{ border: 0, width: '100%', height: '100%' }}
      />
    </div>
  );
}
