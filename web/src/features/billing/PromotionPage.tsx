import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Card,
  CopyButton,
  Grid,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import type { InvitedUserView, RewardConfigView } from '@platform/contracts';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';

import { CrudPage } from '../../components/CrudPage';
import { IconButton } from '../../components/IconButton';
import { QrCode } from '../../components/QrCode';
import { useSession } from '../../lib/auth';
import { formatTime } from '../../lib/format';
import { requestData } from '../../lib/request';
import { INVITED_USERS_URL, promotionQuery, REWARD_CONFIG_URL } from './billing.api';

/** The sign-up address a friend opens: the register panel with the code filled in. */
export function inviteLink(origin: string, inviteCode: string): string {
  return `${origin}/login?panel=register&inviteCode=${encodeURIComponent(inviteCode)}`;
}

function Copy({ value, label, testId }: { value: string; label: string; testId: string }) {
  const { t } = useLingui();
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t`Copied` : label} withArrow>
          <IconButton
            label={label}
            variant="subtle"
            color={copied ? 'teal' : 'gray'}

            onClick={copy}
            data-testid={testId}
          >
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </IconButton>
        </Tooltip>
      )}
    </CopyButton>
  );
}

type InvitedRow = InvitedUserView & Record<string, unknown>;

/**
 * "Referral rewards" (/user/promotion): the user's invitation code and link (copy buttons), the
 * link's QR code, what an invitation earns, how many friends signed up and the rewards received,
 * and the invited users. The administrator's switch of the link arrives live over the socket.
 */
export function PromotionPage() {
  const { t, i18n } = useLingui();
  const promotion = useQuery(promotionQuery());
  const pushed = useSession((s) => s.linkStatus);
  const rewards = useQuery({
    queryKey: ['billing', 'reward-config', i18n.locale],
    queryFn: () => requestData<RewardConfigView[]>(REWARD_CONFIG_URL),
  });
  const data = promotion.data;
  const enabled = (pushed ?? data?.linkStatus ?? 1) === 1;
  const link = data ? inviteLink(window.location.origin, data.inviteCode) : '';

  return (
    <Stack data-testid="promotion-page">
      <Title order={1} size="h3">
        <Trans>Referral rewards</Trans>
      </Title>
      {promotion.isPending ? <Loader size="sm" /> : null}
      {promotion.isError ? (
        <Alert color="red" data-testid="promotion-error">
          <Trans>Loading failed</Trans>
        </Alert>
      ) : null}
      {data ? (
        <Grid>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Card withBorder>
              <Stack>
                <Group justify="space-between">
                  <Title order={2} size="h5">
                    <Trans>Invite friends</Trans>
                  </Title>
                  <Badge
                    color={enabled ? 'green' : 'red'}
                    variant="light"
                    data-testid="link-status"
                    data-enabled={enabled ? '1' : '0'}
                  >
                    {enabled ? t`Link enabled` : t`Link disabled`}
                  </Badge>
                </Group>
                {!enabled ? (
                  <Alert color="orange" data-testid="link-disabled-notice">
                    <Trans>
                      Your invitation link has been disabled by the administrator; sign-ups through
                      it earn no rewards until it is enabled again.
                    </Trans>
                  </Alert>
                ) : null}
                <TextInput
                  label={t`Invitation code`}
                  readOnly
                  value={data.inviteCode}
                  rightSection={
                    <Copy value={data.inviteCode} label={t`Copy the code`} testId="copy-code" />
                  }
                  data-testid="invite-code"
                />
                <TextInput
                  label={t`Invitation link`}
                  readOnly
                  value={link}
                  rightSection={<Copy value={link} label={t`Copy the link`} testId="copy-link" />}
                  data-testid="invite-link"
                />
                <SimpleGrid cols={{ base: 1, xs: 2 }}>
                  <Paper withBorder p="sm">
                    <Text size="sm" c="dimmed">
                      <Trans>Friends invited</Trans>
                    </Text>
                    <Text fz={28} fw={700} data-testid="invited-count">
                      {data.invitedCount}
                    </Text>
                  </Paper>
                  <Paper withBorder p="sm">
                    <Text size="sm" c="dimmed">
                      <Trans>Rewards earned (points)</Trans>
                    </Text>
                    <Text fz={28} fw={700} data-testid="rewards-earned">
                      {data.rewardsEarned}
                    </Text>
                  </Paper>
                </SimpleGrid>
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card withBorder>
              <Stack align="center" style={{ opacity: enabled ? 1 : 0.35 }}>
                <QrCode value={link} label={t`QR code of your invitation link`} size={180} />
                <Text size="sm" c="dimmed" ta="center">
                  <Trans>Friends scan it to sign up with your code.</Trans>
                </Text>
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
      ) : null}
      <Card withBorder>
        <Title order={2} size="h5" mb="sm">
          <Trans>Rewards</Trans>
        </Title>
        {rewards.data ? (
          <Table data-testid="reward-config">
            <Table.Tbody>
              {rewards.data.map((reward) => (
                <Table.Tr key={reward.key}>
                  <Table.Td>{reward.name}</Table.Td>
                  <Table.Td>{t`${reward.points} points`}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : rewards.isError ? (
          <Text c="dimmed" size="sm">
            <Trans>Loading failed</Trans>
          </Text>
        ) : (
          <Loader size="sm" />
        )}
      </Card>
      <Card withBorder>
        <Title order={2} size="h5" mb="sm">
          <Trans>Invited users</Trans>
        </Title>
        <CrudPage<InvitedRow>
          config={{
            testId: 'invited-users',
            listUrl: INVITED_USERS_URL,
            idKey: 'userId',
            permissions: {},
            columns: [
              { key: 'nickName', title: t`Nickname` },
              {
                key: 'createTime',
                title: t`Registered`,
                render: (r) => formatTime(r.createTime, i18n.locale),
              },
              {
                key: 'realNameStatus',
                title: t`Real name`,
                render: (r) => (r.realNameStatus === 1 ? t`Authenticated` : t`Unauthenticated`),
              },
            ],
          }}
        />
      </Card>
    </Stack>
  );
}
