import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import type { AgentGraph, WorkflowView } from '@platform/contracts';
import { IconChecklist } from '@tabler/icons-react';
import { useState } from 'react';

import { notify } from '../../../lib/notify';
import { request, RequestError } from '../../../lib/request';
import { checkedMarks, problemMarks } from '../diagram-marks';
import { type ActivityMark } from '../viewer/markers';
import { WithNodeDetail } from '../viewer/NodeDetail';
import { ProcessViewer, type ShownElement } from '../viewer/ProcessViewer';
import { DesignButton } from './common';

interface CheckError {
  field?: string;
  msg: string;
}

/** The flowchart tab of /bpm/info: the diagram read-only, a check by the server, and node settings. */
export function WorkflowDiagram({ workflow }: { workflow: WorkflowView }) {
  const { t } = useLingui();
  const [marks, setMarks] = useState<ActivityMark[]>([]);
  const [errors, setErrors] = useState<CheckError[]>([]);
  const [shown, setShown] = useState<ShownElement | null>(null);
  const [checking, setChecking] = useState(false);

  const check = async () => {
    setChecking(true);
    try {
      const body = await request<AgentGraph>('/wujie/workflow/xmltojson', {
        method: 'POST',
        // The body of spec §7: the diagram with the workflow's name, description and agents.
        data: {
          workflow: workflow.workflow,
          name: workflow.name,
          description: workflow.description,
          agentIds: workflow.agentIds,
        },
        repeatSubmit: false,
        silent: true,
      });
      setErrors([]);
      setMarks(checkedMarks(body.data!));
      notify('success', t`The flowchart passed the check`);
    } catch (error) {
      const data = (error as RequestError).body as { data?: { errors?: CheckError[] } } | undefined;
      const found = data?.data?.errors ?? [{ msg: (error as Error).message }];
      setErrors(found);
      setMarks(problemMarks(found));
    } finally {
      setChecking(false);
    }
  };

  const design = <DesignButton workflowId={workflow.id} />;

  if (!workflow.workflow.trim()) {
    return (
      <Card withBorder data-testid="diagram-empty">
        <Stack align="center" py="xl">
          <Text c="dimmed">
            <Trans>This workflow has no flowchart yet.</Trans>
          </Text>
          {design}
        </Stack>
      </Card>
    );
  }
  return (
    <Stack gap="sm" data-testid="workflow-diagram">
      <Group>
        <Button
          leftSection={<IconChecklist size={16} />}
          loading={checking}
          onClick={() => void check()}
          data-testid="check-diagram"
        >
          <Trans>Check flowchart</Trans>
        </Button>
        {design}
      </Group>
      {errors.length ? (
        <Alert color="red" title={t`The flowchart has problems`} data-testid="check-errors">
          <List size="sm">
            {errors.map((error, index) => (
              <List.Item key={index}>{error.msg}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <WithNodeDetail shown={shown}>
        <Card withBorder p={0}>
          <ProcessViewer xml={workflow.workflow} activityData={marks} onShow={setShown} />
        </Card>
      </WithNodeDetail>
    </Stack>
  );
}
