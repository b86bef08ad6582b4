import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Modal, SegmentedControl, TextInput } from '@mantine/core';
import {
  MISSION_STATUS,
  MISSION_STATUS_DICT,
  type MissionStatus,
  type MissionSummaryView,
  PERMISSIONS as P,
  reviewsMissions,
  seesEveryMission,
  WORKFLOW_STATUS,
} from '@platform/contracts';
import {
  IconEye,
  IconGavel,
  IconPlayerPlay,
  IconPlayerStop,
  IconRotateClockwise,
} from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';

import { ConfirmButton } from '../../../components/ConfirmButton';
import { CrudPage, type Field } from '../../../components/CrudPage';
import { IconButton } from '../../../components/IconButton';
import { HasPermi } from '../../../components/Permission';
import { dictOptions, useDict } from '../../../hooks/useDict';
import { useOwners } from '../../../hooks/useOwners';
import { useActor } from '../../../lib/auth';
import { formatDuration, formatTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useRefreshOnAgentStatus } from '../agent-status';
import { missionPath } from '../components/MissionCard';
import { ReviewDialog } from '../components/MissionDialogs';
import { MissionStatusTag } from '../components/MissionStatusTag';
import { RerunDialog } from '../components/RerunDialog';
import { StartMissionForm } from '../components/StartMissionForm';
import { missionApi } from '../mission.api';
import { missionActions, REVIEW_STATUSES } from '../mission-actions';

type Row = MissionSummaryView & Record<string, unknown>;
type View = 'all' | MissionStatus;

const TEST_ID = 'missions-page';

/** A date filter (`yyyy-MM-dd`) as the list's TimeRange takes it. */
const dateField = (name: string, label: string): Field => ({
  name,
  label,
  type: 'custom',
  render: (value, onChange) => (
    <TextInput
      type="date"
      label={label}
      value={String(value ?? '')}
      onChange={(e) => onChange(e.currentTarget.value || undefined)}
      data-testid={`field-${name}`}
    />
  ),
});

/**
 * wujie/mission/index, "Task list": a user's own missions; every mission for an administrator or a
 * reviewer (wujie:mission:review), with the owner filter, and for a reviewer the review queue
 * (missions waiting for review or confirmation). Stop, rerun and review where the status, the
 * mission's owner and the user's rights allow.
 */
export function MissionsPage() {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const statuses = useDict(MISSION_STATUS_DICT);
  const [view, setView] = useState<View>('all');
  const [starting, setStarting] = useState(false);
  const [rerunOf, setRerunOf] = useState<Row | null>(null);
  const [reviewOf, setReviewOf] = useState<Row | null>(null);
  const refresh = useRefreshOnAgentStatus([TEST_ID]);
  const actor = useActor();
  const reviewer = reviewsMissions(actor);
  // The service's rule: an administrator or a reviewer sees every mission, so the owner's column and filter too.
  const seesAll = seesEveryMission(actor);
  const owners = useOwners(seesAll);
  const queue = view !== 'all';

  const filters: Field[] = [
    { name: 'name', label: t`Name` },
    { name: 'code', label: t`Code` },
    ...(queue
      ? []
      : [
          {
            name: 'status',
            label: t`Status`,
            type: 'select' as const,
            options: dictOptions(statuses),
          },
        ]),
    { name: 'workflowId', label: t`Workflow id`, type: 'number' },
    ...(seesAll ? [owners.filter] : []),
    dateField('beginTime', t`Created from`),
    dateField('endTime', t`Created to`),
  ];

  return (
    <>
      {reviewer ? (
        <SegmentedControl
          mb="sm"
          value={view}
          onChange={(v) => setView(v as View)}
          data={[
            { value: 'all', label: t`All missions` },
            { value: MISSION_STATUS.adminReview, label: t`Review queue` },
            { value: MISSION_STATUS.adminConfirm, label: t`Confirmation queue` },
          ]}
          data-testid="missions-view"
        />
      ) : null}
      <CrudPage<Row>
        key={view}
        config={{
          testId: TEST_ID,
          listUrl: '/wujie/mission/list',
          idKey: 'id',
          fixed: queue ? { status: view } : undefined,
          filters,
          columns: [
            {
              key: 'code',
              title: t`Code`,
              render: (r) => (
                <Anchor
                  href={missionPath(r.id)}
                  onClick={(e) => {
                    e.preventDefault();
                    router.history.push(missionPath(r.id));
                  }}
                  ff="monospace"
                  size="sm"
                  data-testid="mission-code"
                >
                  {r.code}
                </Anchor>
              ),
            },
            { key: 'name', title: t`Name` },
            {
              key: 'workflow',
              title: t`Workflow`,
              render: (r) => `#${r.workflowId} v${r.workflowVersion}`,
            },
            ...(seesAll ? [owners.column] : []),
            {
              key: 'status',
              title: t`Status`,
              render: (r) => <MissionStatusTag status={r.status} />,
            },
            {
              key: 'createTime',
              title: t`Created`,
              render: (r) => formatTime(r.createTime, i18n.locale),
            },
            {
              key: 'duration',
              title: t`Duration`,
              render: (r) => formatDuration(r.startedAt, r.endedAt),
            },
          ],
          permissions: {},
          toolbar: () => (
            <HasPermi value={[P.wujie.mission.add, P.wujie.workflow.list]} mode="all">
              <Button
                variant="light"
                leftSection={<IconPlayerPlay size={16} />}
                onClick={() => setStarting(true)}
                data-testid="start-mission"
              >
                <Trans>Start mission</Trans>
              </Button>
            </HasPermi>
          ),
          rowActions: (row) => {
            const can = missionActions(row.status, actor, row.ownerUserId);
            return (
              <>
                <IconButton
                  label={t`View`}
                  variant="subtle"
                  data-testid="view"
                  onClick={() => router.history.push(missionPath(row.id))}
                >
                  <IconEye size={16} />
                </IconButton>
                {can.review && REVIEW_STATUSES.includes(row.status) ? (
                  <IconButton
                    label={t`Review`}
                    variant="subtle"
                    color="grape"
                    data-testid="review"
                    onClick={() => setReviewOf(row)}
                  >
                    <IconGavel size={16} />
                  </IconButton>
                ) : null}
                {can.rerun ? (
                  <IconButton
                    label={t`Rerun from a node`}
                    variant="subtle"
                    data-testid="rerun"
                    onClick={() => setRerunOf(row)}
                  >
                    <IconRotateClockwise size={16} />
                  </IconButton>
                ) : null}
                {can.stop ? (
                  <ConfirmButton
                    icon={<IconPlayerStop size={16} />}
                    label={t`Stop`}
                    testId="stop"
                    message={t`Stop mission ${row.code}? Its progress is lost; you can rerun it from a node later.`}
                    onConfirm={async () => {
                      await missionApi.stop(row.id);
                      notify('success', t`The mission is stopped`);
                      refresh();
                    }}
                  />
                ) : null}
              </>
            );
          },
        }}
      />
      <Modal
        opened={starting}
        onClose={() => setStarting(false)}
        title={t`Start mission`}
        size="lg"
      >
        {starting ? (
          <StartMissionForm
            workflowStatus={WORKFLOW_STATUS.online}
            onStarted={(started) => {
              setStarting(false);
              router.history.push(missionPath(started.id));
            }}
          />
        ) : null}
      </Modal>
      <RerunDialog mission={rerunOf} onClose={() => setRerunOf(null)} onDone={refresh} />
      <ReviewDialog
        missionId={reviewOf?.id ?? 0}
        opened={reviewOf !== null}
        onClose={() => setReviewOf(null)}
        onDone={refresh}
      />
    </>
  );
}
