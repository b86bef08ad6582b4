import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { BPM_DEFINITION_STATE, PERMISSIONS, type ProcessDefinitionView } from '@platform/contracts';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useRef, useState } from 'react';

import { AppLink } from '../../components/AppLink';
import { ConfirmButton } from '../../components/ConfirmButton';
import { type Column, CrudPage } from '../../components/CrudPage';
import { LoadState } from '../../components/LoadState';
import { hasPermi, useActor } from '../../lib/auth';
import { formatTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import {
  FormJsViewer,
  type FormJsViewerHandle,
  formVariablesOf,
  useLocalizedSchema,
} from '../formjs';
import { ProcessViewer } from '../workflow';
import { BPM_URLS, bpmApi } from './bpm.api';
import { detailPath } from './InstancePages';
import { useSearchParam } from './useSearchParam';

/** The leave example starts from its own page, which keeps the request in its own table. */
export const LEAVE_KEY = 'oa_leave';

function DiagramDialog({
  definition,
  onClose,
}: {
  definition: ProcessDefinitionView | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const model = useQuery({
    queryKey: ['bpm-model-by-key', definition?.key],
    queryFn: () => bpmApi.modelByKey(definition!.key),
    enabled: Boolean(definition),
  });
  return (
    <Modal opened={Boolean(definition)} onClose={onClose} size="xl" title={t`Diagram`}>
      <LoadState loading={model.isPending} error={model.error} onRetry={() => void model.refetch()}>
        {model.data ? (
          <ProcessViewer xml={model.data.bpmnXml} />
        ) : (
          <Text c="dimmed">
            <Trans>The diagram is not available.</Trans>
          </Text>
        )}
      </LoadState>
    </Modal>
  );
}

/**
 * Suspends an active definition or activates a suspended one, after asking: a suspended one starts
 * no new instance, while the running ones go on.
 */
function StateButton({
  definition,
  onChanged,
}: {
  definition: ProcessDefinitionView;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const { name, suspended } = definition;
  const change = async () => {
    const state = suspended ? BPM_DEFINITION_STATE.active : BPM_DEFINITION_STATE.suspended;
    await bpmApi.setDefinitionState(definition.modelId, state);
    notify('success', suspended ? t`The process is active` : t`The process is suspended`);
    onChanged();
  };
  return suspended ? (
    <ConfirmButton
      icon={<IconPlayerPlay size={16} />}
      label={t`Activate`}
      color="green"
      testId="activate-definition"
      message={t`Activate ${name}? People can start it again.`}
      onConfirm={change}
    />
  ) : (
    <ConfirmButton
      icon={<IconPlayerPause size={16} />}
      label={t`Suspend`}
      color="orange"
      testId="suspend-definition"
      message={t`Suspend ${name}? Nobody can start it until it is activated; running instances go on.`}
      onConfirm={change}
    />
  );
}

/** /bpm/manager/definition: each model's deployed version, its state and its diagram read-only. */
export function DefinitionsPage() {
  const { t, i18n } = useLingui();
  const { permissions } = useActor();
  const mayChange = hasPermi(permissions, PERMISSIONS.bpm.model.edit);
  const [shown, setShown] = useState<ProcessDefinitionView | null>(null);
  const columns: Column<ProcessDefinitionView & Record<string, unknown>>[] = [
    { key: 'key', title: t`Key` },
    { key: 'name', title: t`Name` },
    { key: 'category', title: t`Category` },
    {
      key: 'version',
      title: t`Version`,
      render: (row) => (
        <Badge variant="light" tt="none">
          v{row.version}
        </Badge>
      ),
    },
    {
      key: 'deploymentTime',
      title: t`Deployed`,
      render: (row) => formatTime(row.deploymentTime, i18n.locale),
    },
    {
      key: 'suspended',
      title: t`State`,
      render: (row) =>
        row.suspended ? (
          <Badge color="orange" variant="light" tt="none">
            <Trans>Suspended</Trans>
          </Badge>
        ) : (
          <Badge color="green" variant="light" tt="none">
            <Trans>Active</Trans>
          </Badge>
        ),
    },
    {
      key: 'formId',
      title: t`Start form`,
      render: (row) =>
        row.formId ? (
          <Anchor component={AppLink} to={`/bpm/manager/form/edit?id=${row.formId}`}>
            #{row.formId}
          </Anchor>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <>
      <CrudPage
        config={{
          testId: 'bpm-definitions',
          listUrl: BPM_URLS.definitions,
          idKey: 'id',
          columns,
          filters: [
            { name: 'name', label: t`Name` },
            { name: 'key', label: t`Key` },
            { name: 'category', label: t`Category` },
          ],
          permissions: {},
          rowActions: (row, refresh) => (
            <Group gap={4} wrap="nowrap">
              <Button
                size="xs"
                variant="subtle"
                onClick={() => setShown(row)}
                data-testid="show-diagram"
              >
                <Trans>Diagram</Trans>
              </Button>
              {mayChange ? <StateButton definition={row} onChanged={refresh} /> : null}
            </Group>
          ),
        }}
      />
      <DiagramDialog definition={shown} onClose={() => setShown(null)} />
    </>
  );
}

/**
 * The start form of one definition (its form-js schema, or its old field list converted), checked by
 * form-js here and by the server, then the instance's page.
 */
function StartForm({ definition }: { definition: ProcessDefinitionView }) {
  const { t } = useLingui();
  const router = useRouter();
  // The definition's own call, not the form API: starting needs no right to edit forms or models.
  const form = useQuery({
    queryKey: ['bpm-definition-form', definition.id],
    queryFn: () => bpmApi.definition(definition.id),
    enabled: definition.formId !== null,
    select: (detail) => detail.form ?? undefined,
  });
  const localized = useLocalizedSchema(form.data);
  const viewer = useRef<FormJsViewerHandle>(null);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    let variables: Record<string, unknown> = {};
    if (viewer.current) {
      const { data, errors } = viewer.current.submit();
      if (Object.keys(errors).length) return;
      variables = formVariablesOf(data);
    }
    setBusy(true);
    try {
      const id = await bpmApi.startInstance(definition.id, variables);
      notify('success', t`Process started`);
      router.history.push(detailPath(id));
    } finally {
      setBusy(false);
    }
  };
  const hasFields = Boolean(localized.schema?.components.length);
  return (
    <Card withBorder data-testid="start-form">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {definition.name}
        </Title>
        {definition.description ? <Text c="dimmed">{definition.description}</Text> : null}
        <LoadState
          loading={
            definition.formId !== null &&
            (form.isPending || (!localized.schema && !localized.error))
          }
          error={form.error ?? localized.error}
          onRetry={() => void form.refetch()}
        >
          {hasFields && localized.schema ? (
            <FormJsViewer ref={viewer} schema={localized.schema} />
          ) : (
            <Text c="dimmed">
              <Trans>This process has no start form.</Trans>
            </Text>
          )}
        </LoadState>
        <Group>
          <Button loading={busy} onClick={() => void start()} data-testid="start-process">
            <Trans>Start</Trans>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /bpm/process-instance/create: the active definitions by category, then the chosen one's form. */
export function StartProcessPage() {
  const { t } = useLingui();
  const { permissions } = useActor();
  const chosenId = useSearchParam('processDefinitionId');
  const router = useRouter();
  const definitions = useQuery({ queryKey: ['bpm-definitions-all'], queryFn: bpmApi.definitions });
  const active = (definitions.data?.rows ?? []).filter((d) => !d.suspended);
  const chosen = active.find((d) => d.id === chosenId);
  const byCategory = new Map<string, ProcessDefinitionView[]>();
  for (const definition of active) {
    const category = definition.category || t`Other`;
    byCategory.set(category, [...(byCategory.get(category) ?? []), definition]);
  }
  const choose = (definition: ProcessDefinitionView) =>
    router.history.push(
      definition.key === LEAVE_KEY
        ? '/bpm/oa/leave/create'
        : `/bpm/process-instance/create?processDefinitionId=${encodeURIComponent(definition.id)}`,
    );
  return (
    <LoadState
      loading={definitions.isPending}
      error={definitions.error}
      onRetry={() => void definitions.refetch()}
    >
      <Stack gap="md" data-testid="start-process-page">
        {chosen ? (
          <>
            <Anchor component={AppLink} to="/bpm/process-instance/create">
              <Trans>Back to the processes</Trans>
            </Anchor>
            <StartForm key={chosen.id} definition={chosen} />
          </>
        ) : active.length ? (
          [...byCategory].map(([category, list]) => (
            <Stack key={category} gap="xs">
              <Title order={2} size="h5">
                {category}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                {list.map((definition) => (
                  <Card key={definition.id} withBorder data-testid={`definition-${definition.key}`}>
                    <Stack gap={4}>
                      <Text fw={600}>{definition.name}</Text>
                      <Text size="sm" c="dimmed" lineClamp={2}>
                        {definition.description || definition.key}
                      </Text>
                      <Group>
                        <Button size="xs" onClick={() => choose(definition)}>
                          <Trans>Start</Trans>
                        </Button>
                      </Group>
                    </Stack>
                  </Card>
                ))}
              </SimpleGrid>
            </Stack>
          ))
        ) : (
          <Alert color="gray" data-testid="no-definitions">
            {hasPermi(permissions, PERMISSIONS.bpm.model.edit) ? (
              <Trans>No process is deployed yet: deploy one from the process models.</Trans>
            ) : (
              <Trans>No process can be started yet.</Trans>
            )}
          </Alert>
        )}
      </Stack>
    </LoadState>
  );
}
