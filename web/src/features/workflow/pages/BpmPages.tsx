import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type BpmFormView,
  type BpmModelSummaryView,
  type DeptView,
  PERMISSIONS as P,
  type PostView,
  type RoleView,
  TASK_ASSIGN_TYPES,
  type TaskAssignRuleView,
  type TaskAssignType,
  type UserGroupView,
} from '@platform/contracts';
import {
  IconEdit,
  IconEye,
  IconHierarchy2,
  IconRocket,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import { useState } from 'react';

import { AppLink } from '../../../components/AppLink';
import { HasPermi, usePermission } from '../../../components/Permission';
import { notify } from '../../../lib/notify';
import { requestData } from '../../../lib/request';
import { ConfirmButton } from '../../admin/components/ConfirmButton';
import { CrudPage } from '../../admin/components/CrudPage';
import { dictOptions, DictTag, useDict } from '../../admin/useDict';
import {
  ASSIGN_TYPE_LABELS,
  assignOptions,
  type AssignSources,
  optionLabels,
  optionValues,
  userOptions,
} from '../assign';
import { ProcessViewer } from '../viewer/ProcessViewer';
import { bpmApi } from '../workflow.api';
import {
  AddButton,
  EditRowAction,
  formatTime,
  FormCard,
  FormFooter,
  ListHeader,
  LoadState,
  NameInput,
  StatusSelect,
  useBusy,
  useIdParam,
  useNamedOptions,
  useNameRule,
} from './common';

type ModelRow = BpmModelSummaryView & Record<string, unknown>;

export const modelDesignerPath = (modelId: number) =>
  `/bpm/manager/model/design?modelId=${modelId}`;

const MODEL_PAGE_TABS = ['models', 'forms', 'groups'] as const;
/** Where the form editor returns: the model page with its forms showing. */
const FORMS_TAB_PATH = '/bpm/manager/model?tab=forms';

/**
 * /bpm/manager/model (menu bpm/manager/model/index; `?tab=` opens one tab): process models, their
 * forms and work groups.
 */
export function BpmModelPage() {
  const { t } = useLingui();
  const search = useSearch({ strict: false }) as { tab?: string };
  const tab = MODEL_PAGE_TABS.find((name) => name === search.tab) ?? 'models';
  return (
    <Tabs key={tab} defaultValue={tab} keepMounted={false} data-testid="bpm-model-page">
      <Tabs.List mb="md">
        <Tabs.Tab value="models" data-testid="tab-models">
          {t`Process models`}
        </Tabs.Tab>
        <HasPermi value={[P.bpm.form.edit, P.bpm.model.list]}>
          <Tabs.Tab value="forms" data-testid="tab-forms">
            {t`Forms`}
          </Tabs.Tab>
        </HasPermi>
        <Tabs.Tab value="groups" data-testid="tab-groups">
          {t`Work groups`}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="models">
        <ModelsList />
      </Tabs.Panel>
      <Tabs.Panel value="forms">
        <FormsList />
      </Tabs.Panel>
      <Tabs.Panel value="groups">
        <GroupsList />
      </Tabs.Panel>
    </Tabs>
  );
}

function ModelsList() {
  const { t } = useLingui();
  const router = useRouter();
  const queryClient = useQueryClient();
  const forms = useNamedOptions('bpm-forms', bpmApi.formsSimple);
  const [rulesOf, setRulesOf] = useState<ModelRow | null>(null);
  const [previewOf, setPreviewOf] = useState<ModelRow | null>(null);
  return (
    <>
      <CrudPage<ModelRow>
        config={{
          testId: 'bpm-models',
          listUrl: '/bpm/model/list',
          baseUrl: '/bpm/model',
          idKey: 'id',
          filters: [
            { name: 'name', label: t`Name` },
            { name: 'key', label: t`Key` },
            { name: 'category', label: t`Category` },
          ],
          columns: [
            { key: 'key', title: t`Key` },
            { key: 'name', title: t`Name` },
            { key: 'category', title: t`Category` },
            {
              key: 'formId',
              title: t`Form`,
              render: (r) => forms.options.find((o) => o.value === String(r.formId))?.label ?? '',
            },
            {
              key: 'processDefinitionVersion',
              title: t`Deployed`,
              render: (r) =>
                r.processDefinitionVersion === null
                  ? t`Not deployed`
                  : t`Version ${r.processDefinitionVersion} · ${formatTime(r.deployTime)}`,
            },
            { key: 'updateTime', title: t`Updated`, render: (r) => formatTime(r.updateTime) },
          ],
          form: [
            { name: 'key', label: t`Key`, required: true, onlyNew: true },
            { name: 'name', label: t`Name`, required: true },
            { name: 'category', label: t`Category` },
            { name: 'formId', label: t`Form`, type: 'select', options: forms.options },
            { name: 'description', label: t`Description`, type: 'textarea' },
          ],
          loadForEdit: async (row) => {
            const model = await bpmApi.model(row.id);
            return { ...model, formId: model.formId === null ? undefined : String(model.formId) };
          },
          toBody: (values) => ({
            ...values,
            formId: values.formId ? Number(values.formId) : null,
          }),
          permissions: {
            add: P.bpm.model.edit,
            edit: P.bpm.model.edit,
            remove: P.bpm.model.edit,
          },
          rowActions: (row) => (
            <>
              <HasPermi value={P.bpm.model.design}>
                <Tooltip label={t`Design flowchart`}>
                  <ActionIcon
                    variant="subtle"
                    data-testid="design"
                    onClick={() => router.history.push(modelDesignerPath(row.id))}
                  >
                    <IconHierarchy2 size={16} />
                  </ActionIcon>
                </Tooltip>
              </HasPermi>
              <Tooltip label={t`Preview`}>
                <ActionIcon
                  variant="subtle"
                  data-testid="preview"
                  onClick={() => setPreviewOf(row)}
                >
                  <IconEye size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t`Task assignment rules`}>
                <ActionIcon variant="subtle" data-testid="rules" onClick={() => setRulesOf(row)}>
                  <IconUsers size={16} />
                </ActionIcon>
              </Tooltip>
              <HasPermi value={P.bpm.model.edit}>
                <ConfirmButton
                  icon={<IconRocket size={16} />}
                  label={t`Deploy to the process engine`}
                  message={t`Deploy the current flowchart of "${row.name}" to the process engine?`}
                  testId="deploy"
                  color="blue"
                  onConfirm={async () => {
                    const model = await bpmApi.deploy(row.id);
                    notify('success', t`Deployed as version ${model.processDefinitionVersion}`);
                    await queryClient.invalidateQueries({ queryKey: ['bpm-models'] });
                  }}
                />
              </HasPermi>
            </>
          ),
        }}
      />
      <Modal
        opened={rulesOf !== null}
        onClose={() => setRulesOf(null)}
        title={rulesOf ? t`Task assignment rules: ${rulesOf.name}` : ''}
        size="xl"
      >
        {rulesOf ? <RulesEditor modelId={rulesOf.id} /> : null}
      </Modal>
      <Modal
        opened={previewOf !== null}
        onClose={() => setPreviewOf(null)}
        title={previewOf?.name}
        size="xl"
      >
        {previewOf ? <ModelPreview modelId={previewOf.id} /> : null}
      </Modal>
    </>
  );
}

function ModelPreview({ modelId }: { modelId: number }) {
  const model = useQuery({
    queryKey: ['bpm-model', modelId],
    queryFn: () => bpmApi.model(modelId),
  });
  return (
    <LoadState loading={model.isLoading} error={model.error} onRetry={() => void model.refetch()}>
      {model.data?.bpmnXml.trim() ? (
        <ProcessViewer xml={model.data.bpmnXml} height={420} />
      ) : (
        <Text c="dimmed" data-testid="model-no-diagram">
          <Trans>This model has no flowchart yet.</Trans>
        </Text>
      )}
    </LoadState>
  );
}

/** Every user, for assignees and work-group members: one cached request for the page. */
const ALL_USERS = {
  queryKey: ['assign', 'users'],
  queryFn: () => requestData<AssignSources['users']>('/system/user/list-all-simple'),
};

/** Where the values of each dimension come from (the identity API, as the admin pages read it). */
function useAssignSources(): { sources: AssignSources; loading: boolean } {
  const roles = useQuery({
    queryKey: ['assign', 'roles'],
    queryFn: () => requestData<RoleView[]>('/system/role/optionselect'),
  });
  const depts = useQuery({
    queryKey: ['assign', 'depts'],
    queryFn: () => requestData<DeptView[]>('/system/dept/list'),
  });
  const posts = useQuery({
    queryKey: ['assign', 'posts'],
    queryFn: () => requestData<PostView[]>('/system/post/optionselect'),
  });
  const users = useQuery(ALL_USERS);
  const groups = useQuery({ queryKey: ['assign', 'groups'], queryFn: bpmApi.groupsSimple });
  const all = [roles, depts, posts, users, groups];
  return {
    loading: all.some((q) => q.isLoading),
    sources: {
      roles: roles.data ?? [],
      depts: depts.data ?? [],
      posts: posts.data ?? [],
      users: users.data ?? [],
      groups: groups.data ?? [],
    },
  };
}

/** Every user task of a model with its rule; a rule is set or changed in place. */
function RulesEditor({ modelId }: { modelId: number }) {
  const { t, i18n } = useLingui();
  const { hasPermi } = usePermission();
  const rules = useQuery({
    queryKey: ['bpm-rules', modelId],
    queryFn: () => bpmApi.rules(modelId),
  });
  const { sources, loading } = useAssignSources();
  const [editing, setEditing] = useState<string | null>(null);
  const translate = (d: MessageDescriptor) => i18n._(d);
  const rows = rules.data ?? [];
  return (
    <LoadState
      loading={rules.isLoading || loading}
      error={rules.error}
      onRetry={() => void rules.refetch()}
    >
      <Stack gap="sm" data-testid="rules-editor">
        <Text size="sm" c="dimmed">
          <Trans>
            Who may take each user task: a role, department heads, department members, a post,
            users, a work group or a custom script.
          </Trans>
        </Text>
        {!rows.length ? (
          <Text c="dimmed" data-testid="rules-empty">
            <Trans>The model's flowchart has no user tasks.</Trans>
          </Text>
        ) : null}
        <Table withTableBorder>
          <Table.Tbody>
            {rows.map((rule) =>
              editing === rule.taskDefinitionKey ? (
                <Table.Tr key={rule.taskDefinitionKey}>
                  <Table.Td colSpan={4}>
                    <RuleForm
                      rule={rule}
                      sources={sources}
                      onDone={() => {
                        setEditing(null);
                        void rules.refetch();
                      }}
                    />
                  </Table.Td>
                </Table.Tr>
              ) : (
                <Table.Tr
                  key={rule.taskDefinitionKey}
                  data-testid={`rule-${rule.taskDefinitionKey}`}
                >
                  <Table.Td>
                    <Text fw={500}>{rule.taskDefinitionName || rule.taskDefinitionKey}</Text>
                    <Text size="xs" c="dimmed">
                      {rule.taskDefinitionKey}
                    </Text>
                  </Table.Td>
                  <Table.Td data-testid="rule-type">
                    {rule.type ? i18n._(ASSIGN_TYPE_LABELS[rule.type]) : t`Not set`}
                  </Table.Td>
                  <Table.Td data-testid="rule-options">
                    {rule.type
                      ? optionLabels(rule.type, rule.options, sources, i18n.locale, translate).join(
                          ', ',
                        )
                      : ''}
                  </Table.Td>
                  <Table.Td>
                    {hasPermi(P.bpm.model.edit) ? (
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={t`Edit`}
                          data-testid="edit-rule"
                          onClick={() => setEditing(rule.taskDefinitionKey)}
                        >
                          <IconEdit size={16} />
                        </ActionIcon>
                        {rule.id ? (
                          <ConfirmButton
                            icon={<IconTrash size={16} />}
                            label={t`Delete`}
                            message={t`Delete the assignment rule of "${rule.taskDefinitionName}"?`}
                            testId="delete-rule"
                            onConfirm={async () => {
                              await bpmApi.removeRule(rule.id!);
                              notify('success', t`Deleted`);
                              void rules.refetch();
                            }}
                          />
                        ) : null}
                      </Group>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ),
            )}
          </Table.Tbody>
        </Table>
      </Stack>
    </LoadState>
  );
}

function RuleForm({
  rule,
  sources,
  onDone,
}: {
  rule: TaskAssignRuleView;
  sources: AssignSources;
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const [type, setType] = useState<TaskAssignType>(rule.type ?? 'role');
  const [chosen, setChosen] = useState<string[]>(rule.options.map(String));
  const [error, setError] = useState<string | null>(null);
  const { busy, whileBusy } = useBusy();
  const options = assignOptions(type, sources, i18n.locale, (d) => i18n._(d));
  const save = async () => {
    if (!chosen.length) {
      setError(t`Choose at least one value`);
      return;
    }
    await whileBusy(async () => {
      const body = {
        ...(rule.id ? { id: rule.id } : {}),
        modelId: rule.modelId,
        taskDefinitionKey: rule.taskDefinitionKey,
        type,
        options: optionValues(type, chosen),
      };
      await bpmApi.saveRule(body, !rule.id);
      notify('success', t`Saved`);
      onDone();
    });
  };
  return (
    <Stack gap="xs" data-testid="rule-form">
      <Text fw={500}>{rule.taskDefinitionName || rule.taskDefinitionKey}</Text>
      <Group align="flex-start" grow>
        <Select
          label={t`Dimension`}
          data={TASK_ASSIGN_TYPES.map((value) => ({
            value,
            label: i18n._(ASSIGN_TYPE_LABELS[value]),
          }))}
          value={type}
          allowDeselect={false}
          onChange={(value) => {
            setType((value ?? 'role') as TaskAssignType);
            setChosen([]);
          }}
          data-testid="rule-type-select"
        />
        <MultiSelect
          label={t`Values`}
          data={options}
          value={chosen}
          searchable
          error={error}
          onChange={(value) => {
            setChosen(value);
            setError(null);
          }}
          data-testid="rule-options-select"
        />
      </Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
        <Button loading={busy} onClick={() => void save()} data-testid="rule-save">
          <Trans>Save</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

type FormRow = BpmFormView & Record<string, unknown>;

function FormsList() {
  const { t } = useLingui();
  return (
    <CrudPage<FormRow>
      config={{
        testId: 'bpm-forms',
        listUrl: '/bpm/form/list',
        baseUrl: '/bpm/form',
        idKey: 'id',
        filters: [{ name: 'name', label: t`Name` }],
        columns: [
          {
            key: 'name',
            title: t`Name`,
            render: (r) => (
              <Anchor component={AppLink} to={`/bpm/manager/form/edit?id=${r.id}`}>
                {r.name}
              </Anchor>
            ),
          },
          {
            key: 'status',
            title: t`Status`,
            render: (r) => <DictTag type="sys_normal_disable" value={r.status} />,
          },
          { key: 'remark', title: t`Remark` },
          { key: 'updateTime', title: t`Updated`, render: (r) => formatTime(r.updateTime) },
        ],
        permissions: { remove: P.bpm.form.edit },
        toolbar: () => <AddButton permission={P.bpm.form.edit} to="/bpm/manager/form/edit" />,
        rowActions: (row) => (
          <EditRowAction permission={P.bpm.form.edit} to={`/bpm/manager/form/edit?id=${row.id}`} />
        ),
      }}
    />
  );
}

type GroupRow = UserGroupView & Record<string, unknown>;

function GroupsList() {
  const { t } = useLingui();
  const users = useQuery(ALL_USERS);
  const statuses = useDict('sys_normal_disable');
  const memberOptions = userOptions(users.data ?? []);
  return (
    <CrudPage<GroupRow>
      config={{
        testId: 'bpm-groups',
        listUrl: '/bpm/user-group/list',
        baseUrl: '/bpm/user-group',
        idKey: 'id',
        filters: [{ name: 'name', label: t`Name` }],
        columns: [
          { key: 'name', title: t`Name` },
          { key: 'description', title: t`Description` },
          {
            key: 'members',
            title: t`Members`,
            render: (r) =>
              r.memberUserIds
                .map((id) => memberOptions.find((o) => o.value === String(id))?.label ?? `#${id}`)
                .join(', '),
          },
          {
            key: 'status',
            title: t`Status`,
            render: (r) => <DictTag type="sys_normal_disable" value={r.status} />,
          },
        ],
        form: [
          { name: 'name', label: t`Name`, required: true },
          { name: 'description', label: t`Description`, type: 'textarea' },
          {
            name: 'memberUserIds',
            label: t`Members`,
            type: 'multiselect',
            options: memberOptions,
            required: true,
          },
          { name: 'status', label: t`Status`, type: 'select', options: dictOptions(statuses) },
        ],
        defaults: { status: '0', memberUserIds: [] },
        loadForEdit: async (row) => ({ ...row, memberUserIds: row.memberUserIds.map(String) }),
        toBody: (values) => ({
          ...values,
          memberUserIds: ((values.memberUserIds as string[] | undefined) ?? []).map(Number),
        }),
        permissions: { add: P.bpm.model.edit, edit: P.bpm.model.edit, remove: P.bpm.model.edit },
      }}
    />
  );
}

/** Form field types of spec §3 (Form field). */
const FIELD_TYPES = ['string', 'long', 'boolean', 'date', 'enum', 'custom'];

interface FormField {
  id: string;
  label: string;
  type: string;
  required: boolean;
}

interface FormValues {
  name: string;
  status: '0' | '1';
  remark: string;
  conf: string;
  fields: FormField[];
}

const fieldOf = (value: unknown): FormField => {
  const v = (value ?? {}) as Partial<FormField>;
  return {
    id: String(v.id ?? ''),
    label: String(v.label ?? ''),
    type: String(v.type ?? 'string'),
    required: Boolean(v.required),
  };
};

/** /bpm/manager/form/edit (?id=): a process form's name, fields and settings. */
export function BpmFormEditPage() {
  const id = useIdParam();
  const form = useQuery({
    queryKey: ['bpm-form', id],
    queryFn: () => bpmApi.form(id!),
    enabled: typeof id === 'number',
  });
  const empty: FormValues = { name: '', status: '0', remark: '', conf: '', fields: [] };
  if (id === undefined) return null; // on its way to /404
  if (id === null) return <FormEditor id={null} initial={empty} />;
  return (
    <LoadState loading={form.isLoading} error={form.error} onRetry={() => void form.refetch()}>
      {form.data ? (
        <FormEditor
          key={`${id}-${form.data.updateTime}`}
          id={id}
          initial={{
            name: form.data.name,
            status: form.data.status,
            remark: form.data.remark,
            conf: form.data.conf,
            fields: form.data.fields.map(fieldOf),
          }}
        />
      ) : null}
    </LoadState>
  );
}

function FormEditor({ id, initial }: { id: number | null; initial: FormValues }) {
  const { t } = useLingui();
  const router = useRouter();
  const queryClient = useQueryClient();
  const statuses = useDict('sys_normal_disable');
  const { busy, whileBusy } = useBusy();
  const nameRule = useNameRule();
  const form = useForm<FormValues>({
    initialValues: initial,
    validate: {
      name: nameRule,
      fields: {
        id: (v) => (v.trim() ? null : t`Field id cannot be empty`),
      },
    },
  });
  const submit = async (values: FormValues) => {
    await whileBusy(async () => {
      await bpmApi.saveForm({ ...(id ? { id } : {}), ...values }, id === null);
      notify('success', t`Saved`);
      void queryClient.invalidateQueries({ queryKey: ['bpm-forms'] });
      void queryClient.invalidateQueries({ queryKey: ['named', 'bpm-forms'] });
      router.history.push(FORMS_TAB_PATH);
    });
  };
  return (
    <FormCard testId="bpm-form-editor" maw={880} onSubmit={form.onSubmit(submit)}>
      <Title order={4}>{id ? t`Edit form` : t`Add form`}</Title>
      <Group grow align="flex-start">
        <NameInput {...form.getInputProps('name')} />
        <StatusSelect data={dictOptions(statuses)} {...form.getInputProps('status')} />
      </Group>
      <ListHeader
        title={<Trans>Fields</Trans>}
        addLabel={<Trans>Add field</Trans>}
        addTestId="add-field"
        onAdd={() =>
          form.insertListItem('fields', { id: '', label: '', type: 'string', required: false })
        }
      />
      {form.values.fields.map((_, index) => (
        <Group key={index} gap="xs" align="flex-start" data-testid={`form-field-${index}`}>
          <TextInput
            placeholder={t`Field id`}
            aria-label={t`Field id`}
            w={160}
            data-testid="form-field-id"
            {...form.getInputProps(`fields.${index}.id`)}
          />
          <TextInput
            placeholder={t`Label`}
            aria-label={t`Label`}
            style={{ flex: 1 }}
            data-testid="form-field-label"
            {...form.getInputProps(`fields.${index}.label`)}
          />
          <Select
            aria-label={t`Type`}
            data={FIELD_TYPES}
            allowDeselect={false}
            w={120}
            {...form.getInputProps(`fields.${index}.type`)}
          />
          <Checkbox
            label={t`Required`}
            mt={8}
            {...form.getInputProps(`fields.${index}.required`, { type: 'checkbox' })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={4}
            aria-label={t`Remove field`}
            onClick={() => form.removeListItem('fields', index)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Textarea
        label={t`Form settings (JSON)`}
        autosize
        minRows={2}
        styles={{ input: { fontFamily: 'monospace' } }}
        {...form.getInputProps('conf')}
      />
      <Textarea label={t`Remark`} autosize minRows={2} {...form.getInputProps('remark')} />
      <FormFooter busy={busy} back={<Trans>Back</Trans>} backTo={FORMS_TAB_PATH} />
    </FormCard>
  );
}
