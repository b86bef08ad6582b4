import { Trans } from '@lingui/react/macro';
import { Box, Button, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { PERMISSIONS } from '@platform/contracts';
import { Link } from '@tanstack/react-router';

import { hasPermi, useSession } from '../../lib/auth';
import { PersonalFigures, PlatformFigures } from '../dashboard';

/**
 * /index: the dashboard (pinned tab). Holders of dashboard:platform:view see the platform's figures,
 * everyone else their own missions, points and messages.
 */
export function DashboardPage() {
  const name = useSession((state) => state.user?.nickName || state.user?.userName || '');
  const permissions = useSession((state) => state.permissions);
  const platform = hasPermi(permissions, PERMISSIONS.dashboard.platform);
  return (
    <div data-testid="dashboard">
      <Title order={2} mb="md">
        <Trans>Welcome, {name}</Trans>
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <Card withBorder>
          <Text fw={600}>
            <Trans>Chat assistant</Trans>
          </Text>
          <Text size="sm" c="dimmed" my="sm">
            <Trans>Describe what you want to design; agents run the workflows.</Trans>
          </Text>
          <Group>
            <Button component={Link} to="/wujie/char/talk" size="xs">
              <Trans>Open</Trans>
            </Button>
          </Group>
        </Card>
      </SimpleGrid>
      <Box mt="lg">{platform ? <PlatformFigures /> : <PersonalFigures />}</Box>
    </div>
  );
}
