import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import type { MissionStatus } from '@platform/contracts';
import { IconGavel, IconMessageReply, IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notify } from '../../../lib/notify';
import { missionApi } from '../mission.api';
import { ReplyDialog, ReviewDialog } from './MissionDialogs';
import { useMissionActions } from './useMissionActions';

/**
 * Stop, reply (when an agent asked for input) and review (reviewers, when a node waits for
 * review or confirmation): only those the mission's status, its owner and the user's rights allow.
 */
export function MissionActionsBar({
  missionId,
  ownerUserId,
  status,
  onDone,
  size = 'sm',
}: {
  missionId: number;
  ownerUserId: number;
  status: MissionStatus | undefined;
  onDone: () => void;
  size?: 'xs' | 'sm';
}) {
  const { t } = useLingui();
  const actions = useMissionActions(status, ownerUserId);
  const [dialog, setDialog] = useState<'stop' | 'reply' | 'review' | null>(null);
  const [stopping, setStopping] = useState(false);
  const close = () => setDialog(null);
  const stop = async () => {
    close();
    setStopping(true);
    try {
      await missionApi.stop(missionId);
      notify('success', t`The mission is stopped`);
      onDone();
    } catch {
      // the request layer has shown why
    } finally {
      setStopping(false);
    }
  };
  return (
    <Group gap="xs" data-testid="mission-actions">
      {actions.reply ? (
        <Button
          size={size}
          leftSection={<IconMessageReply size={16} />}
          onClick={() => setDialog('reply')}
          data-testid="mission-reply"
        >
          <Trans>Reply</Trans>
        </Button>
      ) : null}
      {actions.review ? (
        <Button
          size={size}
          color="grape"
          leftSection={<IconGavel size={16} />}
          onClick={() => setDialog('review')}
          data-testid="mission-review"
        >
          <Trans>Review</Trans>
        </Button>
      ) : null}
      {actions.stop ? (
        <Button
          size={size}
          color="red"
          variant="light"
          loading={stopping}
          leftSection={<IconPlayerStop size={16} />}
          onClick={() => setDialog('stop')}
          data-testid="mission-stop"
        >
          <Trans>Stop</Trans>
        </Button>
      ) : null}
      <ConfirmDialog
        opened={dialog === 'stop'}
        message={t`Stop this mission? Its progress is lost; you can rerun it from a node later.`}
        onCancel={close}
        onConfirm={() => void stop()}
      />
      <ReplyDialog
        missionId={missionId}
        opened={dialog === 'reply'}
        onClose={close}
        onDone={onDone}
      />
      <ReviewDialog
        missionId={missionId}
        opened={dialog === 'review'}
        onClose={close}
        onDone={onDone}
      />
    </Group>
  );
}
