import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { REALNAME_NAME_MAX, type RealNameResultView } from '@platform/contracts';
import { IconShieldCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { QrCode } from '../../components/QrCode';
import { notify } from '../../lib/notify';
import {
  getCertifyUrl,
  getRealNameResult,
  REALNAME_RESULT_KEY,
  submitRealName,
} from './realname.api';
import { certNameError, certNoError } from './validation';

/** How often the PC asks whether the phone finished Alipay's certification. */
const POLL_MS = 3000;

function MaskedResult({ result }: { result: RealNameResultView }) {
  return (
    <Stack gap={4}>
      <Text>
        <Trans>Name</Trans>: <span data-testid="realname-masked-name">{result.certName}</span>
      </Text>
      <Text>
        <Trans>ID number</Trans>: <span data-testid="realname-masked-no">{result.certNo}</span>
      </Text>
    </Stack>
  );
}

function CertifyForm({ onSubmitted }: { onSubmitted: (channel: 'alipay' | 'manual') => void }) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { certName: '', certNo: '' },
    validate: {
      certName: (v) => {
        const m = certNameError(v);
        return m ? i18n._(m) : null;
      },
      certNo: (v) => {
        const m = certNoError(v);
        return m ? i18n._(m) : null;
      },
    },
  });
  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const { channel } = await submitRealName(values.certName.trim(), values.certNo.trim());
      notify('success', t`Submitted`);
      onSubmitted(channel);
    } finally {
      setBusy(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="realname-form">
      <Stack maw={420}>
        <TextInput
          label={t`Name`}
          withAsterisk
          maxLength={REALNAME_NAME_MAX}
          autoComplete="off"
          data-testid="realname-name"
          {...form.getInputProps('certName')}
        />
        <TextInput
          label={t`ID number`}
          withAsterisk
          maxLength={18}
          autoComplete="off"
          data-testid="realname-no"
          {...form.getInputProps('certNo')}
        />
        <Text size="xs" c="dimmed">
          <Trans>
            Your name and ID number are encrypted before they leave the browser, stored encrypted
            and only shown masked.
          </Trans>
        </Text>
        <Group>
          <Button type="submit" loading={busy} data-testid="realname-submit">
            <Trans>Submit</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Alipay: the certify page as a QR code for the phone, while the PC polls the result. */
function AlipayStep() {
  const { t } = useLingui();
  const url = useQuery({
    queryKey: ['realname', 'url'],
    queryFn: getCertifyUrl,
    staleTime: Infinity,
  });
  if (url.isPending) return <Loader />;
  if (!url.data) {
    return (
      <Button variant="light" onClick={() => void url.refetch()}>
        <Trans>Try again</Trans>
      </Button>
    );
  }
  return (
    <Stack align="flex-start" data-testid="realname-alipay">
      <Text>
        <Trans>Scan the QR code with Alipay on your phone and follow the face verification.</Trans>
      </Text>
      <QrCode value={url.data.url} label={t`Alipay certification QR code`} />
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          <Trans>Waiting for the result…</Trans>
        </Text>
      </Group>
    </Stack>
  );
}

/**
 * Real-name authentication (menu user/realname): name and ID number (spec §5), checked in the form and
 * again on the server; with Alipay a QR code for the face certification, otherwise an administrator's
 * review. Once authenticated, only the masked name and number are shown.
 */
export function RealNamePage() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const result = useQuery({
    queryKey: REALNAME_RESULT_KEY,
    queryFn: getRealNameResult,
    refetchInterval: (q) =>
      q.state.data?.state === 'pending' && q.state.data.channel === 'alipay' ? POLL_MS : false,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['realname'] });
  const data = result.data;

  let body;
  if (result.isPending) {
    body = (
      <Center>
        <Loader />
      </Center>
    );
  } else if (!data) {
    body = (
      <Alert color="red">
        <Trans>The real-name status could not be loaded.</Trans>
      </Alert>
    );
  } else if (data.realNameStatus === 1) {
    body = (
      <Stack data-testid="realname-verified">
        <Group gap="xs">
          <IconShieldCheck color="var(--mantine-color-green-6)" />
          <Badge color="green" variant="light">
            <Trans>Authenticated</Trans>
          </Badge>
        </Group>
        <MaskedResult result={data} />
      </Stack>
    );
  } else if (data.state === 'pending' && !editing) {
    body =
      data.channel === 'alipay' ? (
        <Stack>
          <MaskedResult result={data} />
          <AlipayStep />
          <Button variant="subtle" w="fit-content" onClick={() => setEditing(true)}>
            <Trans>Correct the name or ID number</Trans>
          </Button>
        </Stack>
      ) : (
        <Stack data-testid="realname-pending">
          <Badge color="orange" variant="light" w="fit-content">
            <Trans>Waiting for review</Trans>
          </Badge>
          <MaskedResult result={data} />
          <Text size="sm" c="dimmed">
            <Trans>
              An administrator reviews your request; you will get a message with the result.
            </Trans>
          </Text>
        </Stack>
      );
  } else {
    body = (
      <Stack>
        {data.state === 'rejected' ? (
          <Alert
            color="red"
            title={<Trans>Your request was rejected</Trans>}
            data-testid="realname-rejected"
          >
            {data.reason}
          </Alert>
        ) : null}
        <Badge color="gray" variant="light" w="fit-content">
          <Trans>Unauthenticated</Trans>
        </Badge>
        <CertifyForm
          onSubmitted={() => {
            setEditing(false);
            refresh();
          }}
        />
      </Stack>
    );
  }

  return (
    <Stack data-testid="realname-page">
      <Title order={1} size="h3">
        <Trans>Real-name authentication</Trans>
      </Title>
      <Card withBorder maw={640}>
        {body}
      </Card>
    </Stack>
  );
}
