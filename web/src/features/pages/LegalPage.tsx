import { Trans, useLingui } from '@lingui/react/macro';
import { Container, Group, List, Paper, Tabs, Text, Title } from '@mantine/core';

import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Logo } from '../../components/Logo';
import { usePublicPageMeta } from '../../lib/page-meta';

/** /agreement: the user agreement and the privacy policy, open to everyone (spec §2). */
export function AgreementPage({ tab }: { tab: 'user' | 'privacy' }) {
  const { t } = useLingui();
  return (
    <LegalFrame title={t`User Agreement and Privacy Policy`}>
      <Tabs defaultValue={tab}>
        <Tabs.List>
          <Tabs.Tab value="user">{t`User Agreement`}</Tabs.Tab>
          <Tabs.Tab value="privacy">{t`Privacy Policy`}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="user" pt="md">
          <Title order={2} mb="md">{t`User Agreement`}</Title>
          <List spacing="sm">
            <List.Item>
              <Trans>
                The platform provides AI-assisted antibody design: conversations with an assistant,
                computational workflows and their results.
              </Trans>
            </List.Item>
            <List.Item>
              <Trans>
                You keep your account credentials safe and are responsible for what is done with
                your account.
              </Trans>
            </List.Item>
            <List.Item>
              <Trans>
                Points are used to run computations; points obtained through abnormal invitations
                may be deducted and the account may be banned.
              </Trans>
            </List.Item>
            <List.Item>
              <Trans>
                Results are computational predictions and must be validated experimentally before
                any use.
              </Trans>
            </List.Item>
          </List>
        </Tabs.Panel>
        <Tabs.Panel value="privacy" pt="md">
          <Title order={2} mb="md">{t`Privacy Policy`}</Title>
          <List spacing="sm">
            <List.Item>
              <Trans>
                We store your phone number or e-mail address, company and the data you submit, only
                to provide the service.
              </Trans>
            </List.Item>
            <List.Item>
              <Trans>
                Real-name authentication data is encrypted in transit and used only for the
                authentication.
              </Trans>
            </List.Item>
            <List.Item>
              <Trans>You may ask support to export or delete your data at any time.</Trans>
            </List.Item>
          </List>
        </Tabs.Panel>
      </Tabs>
    </LegalFrame>
  );
}

/** /protocol: the service protocol for top-ups and overseas remittance (signed-in users). */
export function ProtocolPage() {
  const { t } = useLingui();
  return (
    <LegalFrame title={t`Service Protocol`}>
      <List spacing="sm">
        <List.Item>
          <Trans>Points bought by top-up are credited after the payment has been verified.</Trans>
        </List.Item>
        <List.Item>
          <Trans>
            An overseas remittance needs a signed document and must be completed within five days.
          </Trans>
        </List.Item>
        <List.Item>
          <Trans>Invoices are issued on request for completed orders.</Trans>
        </List.Item>
      </List>
    </LegalFrame>
  );
}

function LegalFrame({ title, children }: { title: string; children: React.ReactNode }) {
  usePublicPageMeta(title);
  return (
    <Container component="main" size="md" py="xl">
      <Group justify="space-between" mb="lg">
        <Logo />
        <LanguageSwitch />
      </Group>
      <Title order={1} size="h3" mb="md">
        {title}
      </Title>
      <Paper withBorder p="xl" radius="md">
        {children}
        <Text size="xs" c="dimmed" mt="xl">
          <Trans>Contact support if you have any question about these terms.</Trans>
        </Text>
      </Paper>
    </Container>
  );
}
