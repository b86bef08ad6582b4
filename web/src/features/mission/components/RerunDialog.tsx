import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import type { MissionLogView } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { notify } from '../../../lib/notify';
import { missionApi, missionKeys } from '../mission.api';

/** The nodes a mission ran, each once in the order they first ran; a failed one first. */
export function rerunChoices(logs: readonly MissionLogView[], language: string) {
  const seen = new Map<string, { value: string; label: string; failed: boolean }>();
  for (const row of [...logs].sort((a, b) => a.id - b.id)) {
    const name = (language === 'en' && row.nodeNameEn) || row.nodeName || row.nodeId;
    const failed = row.status === 'failed';
    const known = seen.get(row.nodeId);
    if (known) known.failed = failed;
    else seen.set(row.nodeId, { value: row.nodeId, label: `${name} (${row.nodeId})`, failed });
  }
  const choices = [...seen.values()];
  return { choices, initial: (choices.find((c) => c.failed) ?? choices[0])?.value ?? null };
}

/** Rerun from a list: pick the node the new run starts at (the failed one is proposed). */
export function RerunDialog({
  mission,
  onClose,
  onDone,
}: {
  mission: { id: number; code: string; name: string } | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const logs = useQuery({
    queryKey: missionKeys.logs(mission?.code ?? ''),
    queryFn: () => missionApi.logs(mission!.code),
    enabled: !!mission,
  });
  const { choices, initial } = rerunChoices(logs.data ?? [], i18n.locale);
  const [picked, setPicked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nodeId = picked ?? initial;
  const close = () => {
    setPicked(null);
    onClose();
  };
  const rerun = async () => {
    if (!mission || !nodeId) return;
    setBusy(true);
    try {
      await missionApi.rerun(mission.id, nodeId);
      notify('success', t`A new run starts from ${nodeId}`);
      onDone();
      close();
    } catch {
      // the request layer has shown why
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={mission !== null} onClose={close} title={t`Rerun from a node`}>
      <Stack gap="sm" data-testid="rerun-dialog">
        <Text size="sm">{mission?.name}</Text>
        {logs.isLoading ? <Loader size="sm" /> : null}
        {logs.error ? (
          <Alert color="red">
            <Trans>Loading failed</Trans>
          </Alert>
        ) : null}
        {!logs.isLoading && !choices.length ? (
          <Text size="sm" c="dimmed">
            <Trans>No node of this mission has run yet.</Trans>
          </Text>
        ) : null}
        {choices.length ? (
          <Select
            label={t`Start at`}
            data={choices}
            value={nodeId}
            onChange={setPicked}
            allowDeselect={false}
            data-testid="rerun-node"
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            loading={busy}
            disabled={!nodeId}
            onClick={() => void rerun()}
            data-testid="rerun-confirm"
          >
            <Trans>Rerun</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
