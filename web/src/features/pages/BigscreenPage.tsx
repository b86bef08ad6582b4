// Outside the main layout: Mantine's whole stylesheet, layered (App.tsx loads only the public pages' part).
import '@mantine/core/styles.layer.css';

import { Trans } from '@lingui/react/macro';
import { Box, Button, Group, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

import { PlatformFigures } from '../dashboard';

/**
 * /bigscreen: the control room's wall view of the platform's figures (the dashboard's, larger),
 * refreshed by itself every 30 seconds, with a clock.
 */
export function BigscreenPage() {
  return (
    <Box mih="100vh" bg="dark.8" p="lg" data-testid="bigscreen">
      <Group justify="space-between" mb="lg">
        <Title c="white">
          <Trans>Platform overview</Trans>
        </Title>
        <Group>
          <Clock />
          <Button component={Link} to="/" variant="filled">
            <Trans>Back to the workbench</Trans>
          </Button>
        </Group>
      </Group>
      <PlatformFigures wall />
    </Box>
  );
}

function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Text c="gray.4" fz={32} ff="monospace" data-testid="bigscreen-clock">
      {now.toLocaleTimeString()}
    </Text>
  );
}
