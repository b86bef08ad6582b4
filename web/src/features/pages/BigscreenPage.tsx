// Outside the main layout: Mantine's whole stylesheet, layered (App.tsx loads only the public pages' part).
import '@mantine/core/styles.layer.css';

import { Trans } from '@lingui/react/macro';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

/** /bigscreen: the full-window overview screen linked from the navbar. */
export function BigscreenPage() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Center mih="100vh" bg="dark.8" data-testid="bigscreen">
      <Stack align="center">
        <Title c="white">
          <Trans>Platform overview</Trans>
        </Title>
        <Text c="gray.4" fz={40} ff="monospace">
          {now.toLocaleTimeString()}
        </Text>
        <Button component={Link} to="/" variant="light">
          <Trans>Back to the workbench</Trans>
        </Button>
      </Stack>
    </Center>
  );
}
