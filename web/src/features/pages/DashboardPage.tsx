import { Trans } from '@lingui/react/macro';
import { Button, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

import { useSession } from '../../lib/auth';

/** /index: the dashboard (pinned tab). */
export function DashboardPage() {
  const name = useSession((state) => state.user?.nickName || state.user?.userName || '');
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
    </div>
  );
}
