import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Card, Grid, Group, List, Stack, Text } from '@mantine/core';
import { type AgentGraph, PERMISSIONS as P, type WorkflowView } from '@platform/contracts';
import { IconChecklist, IconHierarchy2 } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';

import { HasPermi } from '../../../components/Permission';
import { notify } from '../../../lib/notify';
import { request, RequestError } from '../../../lib/request';
import { checkedMarks, problemMarks } from '../diagram-marks';
import { type ActivityMark } from '../viewer/markers';
import { NodeDetail } from '../viewer/NodeDetail';
import { ProcessViewer, type ShownElement } from '../viewer/ProcessViewer';
import { designerPath } from './WorkflowsPage';

interface CheckError {
  field?: string;
  msg: string;
}

/** The flowchart tab of /bpm/info: the diagram read-only, a check by the server, and node settings. */
export function WorkflowDiagram({ workflow }: { workflow: WorkflowView }) {
  const { t } = useLingui();
  const router = useRouter();
  const [marks, setMarks] = useState<ActivityMark[]>([]);
  const [errors, setErrors] = useState<CheckError[]>([]);
  const [shown, setShown] = useState<ShownElement | null>(null);
  const [checking, setChecking] = useState(false);

  const check = async () => {
    setChecking(true);
    try {
      const body = await request<AgentGraph>('/wujie/workflow/xmltojson', {
        method: 'POST',
        data: { workflow: workflow.workflow, agentIds: workflow.agentIds },
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

  const design = (
    <HasPermi value={P.wujie.workflow.edit}>
      <Button
        variant="light"
        leftSection={<IconHierarchy2 size={16} />}
        data-testid="design"
        onClick={() => router.history.push(designerPath(workflow.id))}
      >
        <Trans>Design flowchart</Trans>
      </Button>
    </HasPermi>
  );

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
      <Grid>
        <Grid.Col span={{ base: 12, md: shown ? 8 : 12 }}>
          <Card withBorder p={0}>
            <ProcessViewer xml={workflow.workflow} activityData={marks} onShow={setShown} />
          </Card>
        </Grid.Col>
        {shown ? (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <NodeDetail element={shown} />
          </Grid.Col>
        ) : null}
      </Grid>
    </Stack>
  );
}
