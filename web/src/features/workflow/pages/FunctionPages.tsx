import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  Grid,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import {
  FUNCTION_VALUE_TYPES,
  type FunctionRunView,
  type FunctionView,
  PERMISSIONS as P,
} from '@platform/contracts';
import { IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { type KeyboardEvent, useState } from 'react';

import { AppLink } from '../../../components/AppLink';
import { CrudPage } from '../../../components/CrudPage';
import { IconButton } from '../../../components/IconButton';
import { LoadState } from '../../../components/LoadState';
import { HasPermi } from '../../../components/Permission';
import { notify } from '../../../lib/notify';
import { functionFormErrors, type FunctionFormValues, parseSampleArguments } from '../validation';
import { functionApi } from '../workflow.api';
import {
  AddButton,
  EditRowAction,
  formatTime,
  FormCard,
  FormFooter,
  ListHeader,
  NameInput,
  TagBadges,
  tagFilter,
  TagsField,
  translatedErrors,
  useBusy,
  useIdParam,
} from './common';

type Row = FunctionView & Record<string, unknown>;

/** wujie/functions/index: functions agents' skills may call, with their tags. */
export function FunctionsPage() {
  const { t } = useLingui();
  const tags = useQuery({ queryKey: ['function-tags'], queryFn: functionApi.tags });
  return (
    <CrudPage<Row>
      config={{
        testId: 'functions-page',
        listUrl: '/wujie/functions/list',
        baseUrl: '/wujie/functions',
        idKey: 'id',
        filters: [{ name: 'name', label: t`Name` }, tagFilter(t`Tag`, tags.data)],
        columns: [
          {
            key: 'name',
            title: t`Name`,
            render: (r) => (
              <Anchor component={AppLink} to={`/functions/info?id=${r.id}`} ff="monospace">
                {r.name}
              </Anchor>
            ),
          },
          { key: 'description', title: t`Description` },
          {
            key: 'tags',
            title: t`Tags`,
            render: (r) => <TagBadges tags={r.tags} />,
          },
          {
            key: 'params',
            title: t`Parameters`,
            render: (r) => r.params.map((p) => `${p.name}: ${p.type}`).join(', '),
          },
          { key: 'returnType', title: t`Return type` },
          { key: 'updateTime', title: t`Updated`, render: (r) => formatTime(r.updateTime) },
        ],
        permissions: { remove: P.wujie.functions.remove },
        toolbar: () => <AddButton permission={P.wujie.functions.add} to="/functions/info" />,
        rowActions: (row) => (
          <EditRowAction permission={P.wujie.functions.edit} to={`/functions/info?id=${row.id}`} />
        ),
      }}
    />
  );
}

const NEW_FUNCTION: FunctionFormValues = {
  name: '',
  description: '',
  tags: [],
  params: [],
  returnType: 'any',
  returnDescription: '',
  code: '',
};

const valuesOf = (f: FunctionView): FunctionFormValues => ({
  name: f.name,
  description: f.description,
  tags: f.tags,
  params: f.params,
  returnType: f.returnType,
  returnDescription: f.returnDescription,
  code: f.code,
});

/** /functions/info (?id=): a function's signature and code, and a test run in the server's sandbox. */
export function FunctionInfoPage() {
  const id = useIdParam();
  const fn = useQuery({
    queryKey: ['function', id],
    queryFn: () => functionApi.get(id!),
    enabled: typeof id === 'number',
  });
  if (id === undefined) return null; // on its way to /404
  if (id === null) return <FunctionForm initial={NEW_FUNCTION} id={null} />;
  return (
    <LoadState loading={fn.isLoading} error={fn.error} onRetry={() => void fn.refetch()}>
      {fn.data ? (
        <FunctionForm key={`${id}-${fn.data.updateTime}`} id={id} initial={valuesOf(fn.data)} />
      ) : null}
    </LoadState>
  );
}

const TYPE_OPTIONS = FUNCTION_VALUE_TYPES.map((type) => ({ value: type, label: type }));

/** Tab indents by two spaces in the code area instead of leaving it. */
function indentOnTab(event: KeyboardEvent<HTMLTextAreaElement>, onChange: (v: string) => void) {
  if (event.key !== 'Tab' || event.shiftKey) return;
  event.preventDefault();
  const area = event.currentTarget;
  const { selectionStart: start, selectionEnd: end, value } = area;
  onChange(`${value.slice(0, start)}  ${value.slice(end)}`);
  requestAnimationFrame(() => area.setSelectionRange(start + 2, start + 2));
}

function FunctionForm({ initial, id }: { initial: FunctionFormValues; id: number | null }) {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const queryClient = useQueryClient();
  const tags = useQuery({ queryKey: ['function-tags'], queryFn: functionApi.tags });
  const { busy, whileBusy } = useBusy();
  const form = useForm<FunctionFormValues>({
    initialValues: initial,
    validate: (values) => translatedErrors(i18n, functionFormErrors(values)),
  });

  const submit = async (values: FunctionFormValues) => {
    await whileBusy(async () => {
      const body = { ...(id ? { id } : {}), ...values, name: values.name.trim() };
      const saved = await functionApi.save(body, id === null);
      notify('success', t`Saved`);
      void queryClient.invalidateQueries({ queryKey: ['functions-page'] });
      void queryClient.invalidateQueries({ queryKey: ['function-tags'] });
      void queryClient.invalidateQueries({ queryKey: ['named', 'functions'] });
      if (id) await queryClient.invalidateQueries({ queryKey: ['function', id] });
      else router.history.push(`/functions/info?id=${saved.id}`);
    });
  };

  return (
    <Grid data-testid="function-page">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <FormCard testId="function-form" onSubmit={form.onSubmit(submit)}>
          <Title order={2} size="h4">
            {id ? t`Edit function` : t`Add function`}
          </Title>
          <NameInput
            description={t`The name of the function the code defines`}
            ff="monospace"
            {...form.getInputProps('name')}
          />
          <Textarea
            label={t`Description`}
            autosize
            minRows={2}
            data-testid="field-description"
            {...form.getInputProps('description')}
          />
          <TagsField
            required
            value={form.values.tags}
            onChange={(value) => form.setFieldValue('tags', value)}
            suggestions={tags.data ?? []}
            error={form.errors.tags}
          />
          <ParamsEditor form={form} />
          <Group grow align="flex-start">
            <Select
              label={t`Return type`}
              data={TYPE_OPTIONS}
              allowDeselect={false}
              data-testid="field-returnType"
              {...form.getInputProps('returnType')}
            />
            <TextInput
              label={t`Return description`}
              data-testid="field-returnDescription"
              {...form.getInputProps('returnDescription')}
            />
          </Group>
          <Textarea
            label={t`Code`}
            withAsterisk
            autosize
            minRows={12}
            maxRows={30}
            spellCheck={false}
            placeholder={'function add(a, b) {\n  return a + b;\n}'}
            styles={{ input: { fontFamily: 'monospace', fontSize: 13 } }}
            data-testid="field-code"
            {...form.getInputProps('code')}
            onKeyDown={(event) => indentOnTab(event, (v) => form.setFieldValue('code', v))}
          />
          <FormFooter busy={busy} back={<Trans>Back</Trans>} backTo="/wujie/functions" />
        </FormCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <HasPermi value={P.wujie.functions.run}>
          <TestRun values={form.values} />
        </HasPermi>
      </Grid.Col>
    </Grid>
  );
}

function ParamsEditor({ form }: { form: UseFormReturnType<FunctionFormValues> }) {
  const { t } = useLingui();
  return (
    <Stack gap={6} data-testid="params-editor">
      <ListHeader
        title={<Trans>Parameters</Trans>}
        addLabel={<Trans>Add parameter</Trans>}
        addTestId="add-param"
        onAdd={() =>
          form.insertListItem('params', {
            name: '',
            type: 'string',
            required: false,
            description: '',
          })
        }
      />
      {form.values.params.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No parameters</Trans>
        </Text>
      ) : null}
      {form.values.params.map((_, index) => (
        <Group key={index} align="flex-start" gap="xs" wrap="nowrap" data-testid={`param-${index}`}>
          <TextInput
            placeholder={t`Name`}
            aria-label={t`Parameter name`}
            ff="monospace"
            w={140}
            data-testid="param-name"
            {...form.getInputProps(`params.${index}.name`)}
          />
          <Select
            aria-label={t`Parameter type`}
            data={TYPE_OPTIONS}
            allowDeselect={false}
            w={110}
            data-testid="param-type"
            {...form.getInputProps(`params.${index}.type`)}
          />
          <Checkbox
            label={t`Required`}
            mt={8}
            data-testid="param-required"
            {...form.getInputProps(`params.${index}.required`, { type: 'checkbox' })}
          />
          <TextInput
            placeholder={t`Description`}
            aria-label={t`Parameter description`}
            style={{ flex: 1 }}
            data-testid="param-description"
            {...form.getInputProps(`params.${index}.description`)}
          />
          <IconButton
            label={t`Remove parameter`}
            variant="subtle"
            color="red"
            mt={4}

            data-testid="remove-param"
            onClick={() => form.removeListItem('params', index)}
          >
            <IconTrash size={16} />
          </IconButton>
        </Group>
      ))}
    </Stack>
  );
}

const STATUS_COLORS: Record<FunctionRunView['status'], string> = {
  success: 'green',
  error: 'red',
  timeout: 'orange',
  memory: 'orange',
};

/** Sample arguments per parameter, run through the server's sandbox with the code as edited. */
export function TestRun({ values }: { values: FunctionFormValues }) {
  const { t, i18n } = useLingui();
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<FunctionRunView | null>(null);
  const [running, setRunning] = useState(false);
  const params = values.params.filter((p) => p.name.trim());

  const run = async () => {
    const parsed = parseSampleArguments(params, texts);
    setErrors(Object.fromEntries(Object.entries(parsed.errors).map(([k, m]) => [k, i18n._(m)])));
    if (Object.keys(parsed.errors).length) return;
    setRunning(true);
    setOutcome(null);
    try {
      setOutcome(
        await functionApi.run({
          name: values.name.trim(),
          params: values.params,
          returnType: values.returnType,
          code: values.code,
          args: parsed.args,
        }),
      );
    } finally {
      setRunning(false);
    }
  };

  const statusText: Record<FunctionRunView['status'], string> = {
    success: t`Succeeded`,
    error: t`Failed with an error`,
    timeout: t`Stopped: time limit exceeded`,
    memory: t`Stopped: memory limit exceeded`,
  };
  return (
    <Card withBorder data-testid="test-run">
      <Stack gap="sm">
        <Title order={2} size="h5">
          <Trans>Test run</Trans>
        </Title>
        <Text size="xs" c="dimmed">
          <Trans>
            Runs the code as edited on the server, in a sandbox with time and memory limits and no
            file system or network.
          </Trans>
        </Text>
        {params.map((param, index) => (
          <TextInput
            key={`${index}-${param.name}`}
            label={`${param.name} (${param.type})`}
            withAsterisk={param.required}
            ff="monospace"
            placeholder={param.type === 'string' ? '' : t`JSON value`}
            value={texts[param.name] ?? ''}
            error={errors[param.name]}
            onChange={(e) => setTexts({ ...texts, [param.name]: e.currentTarget.value })}
            data-testid={`arg-${param.name}`}
          />
        ))}
        <Button
          leftSection={<IconPlayerPlay size={16} />}
          loading={running}
          disabled={!values.code.trim() || !values.name.trim()}
          // A failed request has already been shown by the request layer.
          onClick={() => void run().catch(() => undefined)}
          data-testid="run"
        >
          <Trans>Run</Trans>
        </Button>
        {outcome ? (
          <Stack gap="xs" data-testid="run-outcome" data-status={outcome.status}>
            <Group gap="xs">
              <Badge color={STATUS_COLORS[outcome.status]} tt="none" data-testid="run-status">
                {statusText[outcome.status]}
              </Badge>
              <Text size="xs" c="dimmed" data-testid="run-elapsed">
                {t`${outcome.elapsedMs} ms`}
              </Text>
            </Group>
            {outcome.status === 'success' ? (
              <>
                <Text size="sm" fw={500}>
                  <Trans>Result</Trans>
                </Text>
                <Code block data-testid="run-result">
                  {JSON.stringify(outcome.result, null, 2) ?? 'undefined'}
                </Code>
                {outcome.returnTypeMatches === false ? (
                  <Alert color="orange" p="xs" data-testid="run-type-mismatch">
                    <Trans>
                      The result does not match the declared return type {values.returnType}.
                    </Trans>
                  </Alert>
                ) : null}
              </>
            ) : (
              <Alert color={STATUS_COLORS[outcome.status]} p="xs" data-testid="run-error">
                {outcome.status === 'error'
                  ? (outcome.error ?? statusText.error)
                  : statusText[outcome.status]}
              </Alert>
            )}
            <Text size="sm" fw={500}>
              <Trans>Logs</Trans>
            </Text>
            {outcome.logs.length ? (
              <Table fz="xs" ff="monospace" data-testid="run-logs">
                <Table.Tbody>
                  {outcome.logs.map((line, index) => (
                    <Table.Tr key={index}>
                      <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{line}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : (
              <Text size="xs" c="dimmed">
                <Trans>Nothing was logged</Trans>
              </Text>
            )}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
