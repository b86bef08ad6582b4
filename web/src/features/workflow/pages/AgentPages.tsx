import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, MultiSelect, Select, SimpleGrid, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type AgentView,
  DEFAULT_AGENT_TYPE,
  PERMISSIONS as P,
  type SkillView,
} from '@platform/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';

import { AppLink } from '../../../components/AppLink';
import { CrudPage } from '../../../components/CrudPage';
import { LoadState } from '../../../components/LoadState';
import { dictOptions, DictTag, useDict } from '../../../hooks/useDict';
import { notify } from '../../../lib/notify';
import { toolLabel, toolOptions } from '../agent-tools';
import { skillToolsError } from '../validation';
import { agentApi, functionApi, skillApi } from '../workflow.api';
import {
  AddButton,
  DescriptionInputs,
  EditRowAction,
  formatTime,
  FormCard,
  FormFooter,
  NameInput,
  StatusSelect,
  useBusy,
  useIdParam,
  useNamedOptions,
  useNameRule,
} from './common';

type AgentRow = AgentView & Record<string, unknown>;

/** wujie/agent/index: agents (the nodes of workflows) with their type and skills. */
export function AgentsPage() {
  const { t, i18n } = useLingui();
  const types = useDict('workflow_agent_type');
  const statuses = useDict('sys_normal_disable');
  const skills = useNamedOptions('skills', skillApi.simple);
  const skillNames = (ids: number[]) =>
    ids.map((id) => skills.options.find((o) => o.value === String(id))?.label ?? `#${id}`);
  return (
    <CrudPage<AgentRow>
      config={{
        testId: 'agents-page',
        listUrl: '/wujie/agent/list',
        baseUrl: '/wujie/agent',
        idKey: 'id',
        filters: [
          { name: 'name', label: t`Name` },
          { name: 'type', label: t`Type`, type: 'select', options: dictOptions(types) },
          { name: 'status', label: t`Status`, type: 'select', options: dictOptions(statuses) },
        ],
        columns: [
          {
            key: 'name',
            title: t`Name`,
            render: (r) => (
              <Anchor component={AppLink} to={`/agent/info?id=${r.id}`}>
                {i18n.locale === 'en' && r.nameEn ? r.nameEn : r.name}
              </Anchor>
            ),
          },
          {
            key: 'type',
            title: t`Type`,
            render: (r) => <DictTag type="workflow_agent_type" value={r.type} />,
          },
          {
            key: 'skills',
            title: t`Skills`,
            render: (r) => skillNames(r.skillIds).join(', '),
          },
          {
            key: 'status',
            title: t`Status`,
            render: (r) => <DictTag type="sys_normal_disable" value={r.status} />,
          },
          { key: 'updateTime', title: t`Updated`, render: (r) => formatTime(r.updateTime) },
        ],
        permissions: { remove: P.wujie.agent.remove },
        toolbar: () => <AddButton permission={P.wujie.agent.add} to="/agent/info" />,
        rowActions: (row) => (
          <EditRowAction permission={P.wujie.agent.edit} to={`/agent/info?id=${row.id}`} />
        ),
      }}
    />
  );
}

interface AgentFormValues {
  name: string;
  nameEn: string;
  type: string;
  status: '0' | '1';
  description: string;
  descriptionEn: string;
  instruction: string;
  skillIds: string[];
}

const NEW_AGENT: AgentFormValues = {
  name: '',
  nameEn: '',
  type: DEFAULT_AGENT_TYPE,
  status: '0',
  description: '',
  descriptionEn: '',
  instruction: '',
  skillIds: [],
};

/** /agent/info (?id=): add or edit an agent and choose its skills. */
export function AgentInfoPage() {
  const id = useIdParam();
  const agent = useQuery({
    queryKey: ['agent', id],
    queryFn: () => agentApi.get(id!),
    enabled: typeof id === 'number',
  });
  if (id === undefined) return null; // on its way to /404
  if (id === null) return <AgentForm initial={NEW_AGENT} id={null} />;
  return (
    <LoadState loading={agent.isLoading} error={agent.error} onRetry={() => void agent.refetch()}>
      {agent.data ? (
        <AgentForm
          key={`${id}-${agent.data.updateTime}`}
          id={id}
          initial={{ ...agent.data, skillIds: agent.data.skillIds.map(String) }}
        />
      ) : null}
    </LoadState>
  );
}

function AgentForm({ initial, id }: { initial: AgentFormValues; id: number | null }) {
  const { t } = useLingui();
  const router = useRouter();
  const queryClient = useQueryClient();
  const types = useDict('workflow_agent_type');
  const statuses = useDict('sys_normal_disable');
  const skills = useNamedOptions('skills', skillApi.simple);
  const { busy, whileBusy } = useBusy();
  const nameRule = useNameRule();
  const form = useForm<AgentFormValues>({
    initialValues: initial,
    validate: { name: nameRule },
  });
  const submit = async (values: AgentFormValues) => {
    await whileBusy(async () => {
      const body = { ...(id ? { id } : {}), ...values, skillIds: values.skillIds.map(Number) };
      await agentApi.save(body, id === null);
      notify('success', t`Saved`);
      void queryClient.invalidateQueries({ queryKey: ['agents-page'] });
      void queryClient.invalidateQueries({ queryKey: ['named', 'agents'] });
      if (id) void queryClient.invalidateQueries({ queryKey: ['agent', id] });
      router.history.push('/wujie/agent');
    });
  };
  return (
    <FormCard testId="agent-form" maw={880} onSubmit={form.onSubmit(submit)}>
      <Title order={2} size="h4">
        {id ? t`Edit agent` : t`Add agent`}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NameInput {...form.getInputProps('name')} />
        <TextInput
          label={t`English name`}
          data-testid="field-nameEn"
          {...form.getInputProps('nameEn')}
        />
        <Select
          label={t`Type`}
          data={dictOptions(types)}
          allowDeselect={false}
          data-testid="field-type"
          {...form.getInputProps('type')}
        />
        <StatusSelect data={dictOptions(statuses)} {...form.getInputProps('status')} />
      </SimpleGrid>
      <DescriptionInputs
        chinese={form.getInputProps('description')}
        english={form.getInputProps('descriptionEn')}
      />
      <Textarea
        label={t`Instruction`}
        autosize
        minRows={4}
        data-testid="field-instruction"
        {...form.getInputProps('instruction')}
      />
      <MultiSelect
        label={t`Skills`}
        searchable
        data={skills.options}
        nothingFoundMessage={t`No skills`}
        data-testid="field-skillIds"
        {...form.getInputProps('skillIds')}
      />
      <FormFooter busy={busy} back={<Trans>Cancel</Trans>} backTo="/wujie/agent" />
    </FormCard>
  );
}

type SkillRow = SkillView & Record<string, unknown>;

/**
 * wujie/skill/index: skills (instructions with the functions and built-in tools they may call), edited
 * in a dialog.
 */
export function SkillsPage() {
  const { t, i18n } = useLingui();
  const functions = useNamedOptions('functions', functionApi.simple);
  return (
    <CrudPage<SkillRow>
      config={{
        testId: 'skills-page',
        listUrl: '/wujie/skill/list',
        baseUrl: '/wujie/skill',
        idKey: 'id',
        filters: [{ name: 'name', label: t`Name` }],
        columns: [
          {
            key: 'name',
            title: t`Name`,
            render: (r) => (i18n.locale === 'en' && r.nameEn ? r.nameEn : r.name),
          },
          {
            key: 'description',
            title: t`Description`,
            render: (r) => (i18n.locale === 'en' && r.descriptionEn) || r.description,
          },
          {
            key: 'functions',
            title: t`Functions`,
            render: (r) =>
              r.functionIds
                .map((fid) => functions.options.find((o) => o.value === String(fid))?.label ?? '')
                .join(', '),
          },
          {
            key: 'tools',
            title: t`Tools`,
            render: (r) => (r.tools ?? []).map((name) => toolLabel(i18n, name)).join(', '),
          },
          { key: 'updateTime', title: t`Updated`, render: (r) => formatTime(r.updateTime) },
        ],
        form: [
          { name: 'name', label: t`Name`, required: true },
          { name: 'nameEn', label: t`English name` },
          { name: 'description', label: t`Description (Chinese)`, type: 'textarea' },
          { name: 'descriptionEn', label: t`Description (English)`, type: 'textarea' },
          { name: 'instruction', label: t`Instruction`, type: 'textarea' },
          {
            name: 'functionIds',
            label: t`Functions`,
            type: 'multiselect',
            options: functions.options,
          },
          {
            name: 'tools',
            label: t`Built-in tools`,
            type: 'multiselect',
            options: toolOptions(i18n),
            validate: (value) => {
              const error = skillToolsError((value as unknown[] | undefined) ?? []);
              return error ? i18n._(error) : null;
            },
          },
        ],
        defaults: { functionIds: [], tools: [] },
        loadForEdit: async (row) => {
          const skill = await skillApi.get(row.id);
          return { ...skill, functionIds: skill.functionIds.map(String), tools: skill.tools ?? [] };
        },
        toBody: (values) => ({
          ...values,
          functionIds: ((values.functionIds as string[] | undefined) ?? []).map(Number),
          tools: (values.tools as string[] | undefined) ?? [],
        }),
        permissions: {
          add: P.wujie.skill.add,
          edit: P.wujie.skill.edit,
          remove: P.wujie.skill.remove,
        },
      }}
    />
  );
}
