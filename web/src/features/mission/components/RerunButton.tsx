import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notify } from '../../../lib/notify';
import { missionApi } from '../mission.api';

/** "Rerun from here": a new run of the mission that starts at this node, after a confirmation. */
export function RerunButton({
  missionId,
  nodeId,
  nodeLabel,
  onDone,
}: {
  missionId: number;
  nodeId: string;
  nodeLabel: string;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const rerun = async () => {
    setAsking(false);
    setBusy(true);
    try {
      await missionApi.rerun(missionId, nodeId);
      notify('success', t`A new run starts from ${nodeLabel}`);
      onDone();
    } catch {
      // the request layer has shown why
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        size="xs"
        variant="light"
        loading={busy}
        leftSection={<IconPlayerPlay size={14} />}
        onClick={() => setAsking(true)}
        data-testid="rerun-from-here"
      >
        <Trans>Rerun from here</Trans>
      </Button>
      <ConfirmDialog
        opened={asking}
        message={t`Start a new run of this mission from ${nodeLabel}? The nodes before it keep their results.`}
        onCancel={() => setAsking(false)}
        onConfirm={() => void rerun()}
      />
    </>
  );
}
