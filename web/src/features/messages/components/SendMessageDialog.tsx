import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { RoleView } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { notify } from '../../../lib/notify';
import { requestData } from '../../../lib/request';
import { messageApi, type SendMessageRequest } from '../messages.api';

type Audience = 'user' | 'role' | 'all';

const EMPTY = { title: '', titleEn: '', content: '', contentEn: '' };

/** An administrator's message to one user, the users of a role, or everyone (both languages). */
export function SendMessageDialog({
  opened,
  onClose,
  onSent,
}: {
  opened: boolean;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t, i18n } = useLingui();
  const [audience, setAudience] = useState<Audience>('user');
  const [userId, setUserId] = useState<number | ''>('');
  const [roleId, setRoleId] = useState<string | null>(null);
  const [texts, setTexts] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const roles = useQuery({
    queryKey: ['role-options', i18n.locale],
    queryFn: () => requestData<RoleView[]>('/system/role/optionselect'),
    enabled: opened && audience === 'role',
  });
  const target: Partial<SendMessageRequest> | null =
    audience === 'all'
      ? { all: true }
      : audience === 'role'
        ? roleId
          ? { roleId: Number(roleId) }
          : null
        : userId
          ? { userId: Number(userId) }
          : null;
  const complete = target !== null && Object.values(texts).every((v) => v.trim() !== '');
  const field = (name: keyof typeof EMPTY) => ({
    value: texts[name],
    onChange: (e: { currentTarget: { value: string } }) =>
      setTexts({ ...texts, [name]: e.currentTarget.value }),
    required: true,
    'data-testid': `message-${name}`,
  });
  const submit = async () => {
    if (!target) return;
    setBusy(true);
    try {
      const sent = await messageApi.send({ ...target, ...texts });
      notify('success', t`Message sent to ${sent.recipients} users`);
      setTexts(EMPTY);
      onSent();
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t`Send a message`} size="lg">
      <Stack data-testid="send-message-form">
        <SegmentedControl
          value={audience}
          onChange={(v) => setAudience(v as Audience)}
          data={[
            { value: 'user', label: t`One user` },
            { value: 'role', label: t`A role` },
            { value: 'all', label: t`Everyone` },
          ]}
          data-testid="message-audience"
        />
        {audience === 'user' ? (
          <NumberInput
            label={t`User ID`}
            min={1}
            value={userId}
            onChange={(v) => setUserId(typeof v === 'number' ? v : '')}
            data-testid="message-user-id"
          />
        ) : null}
        {audience === 'role' ? (
          <Select
            label={t`Role`}
            data={(roles.data ?? []).map((r) => ({
              value: String(r.roleId),
              label: i18n.locale === 'en' ? r.roleNameEn || r.roleName : r.roleName,
            }))}
            value={roleId}
            onChange={setRoleId}
            data-testid="message-role"
          />
        ) : null}
        <TextInput label={t`Title (Chinese)`} maxLength={200} {...field('title')} />
        <TextInput label={t`Title (English)`} maxLength={200} {...field('titleEn')} />
        <Textarea
          label={t`Content (Chinese)`}
          maxLength={5000}
          autosize
          minRows={3}
          {...field('content')}
        />
        <Textarea
          label={t`Content (English)`}
          maxLength={5000}
          autosize
          minRows={3}
          {...field('contentEn')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={submit} loading={busy} disabled={!complete} data-testid="message-send">
            <Trans>Send</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
