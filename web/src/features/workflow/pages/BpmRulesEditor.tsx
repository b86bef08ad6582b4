import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, MultiSelect, Select, Stack, Table, Text } from '@mantine/core';
import {
  type DeptView,
  PERMISSIONS as P,
  type PostView,
  type RoleView,
  TASK_ASSIGN_TYPES,
  type TaskAssignRuleView,
  type TaskAssignType,
} from '@platform/contracts';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { ConfirmButton } from '../../../components/ConfirmButton';
import { IconButton } from '../../../components/IconButton';
import { LoadState } from '../../../components/LoadState';
import { usePermission } from '../../../components/Permission';
import { notify } from '../../../lib/notify';
import { requestData } from '../../../lib/request';
import {
  ASSIGN_TYPE_LABELS,
  assignOptions,
  type AssignSources,
  optionLabels,
  optionValues,
} from '../assign';
import { bpmApi } from '../workflow.api';
import { ALL_USERS } from './bpmShared';
import { useBusy } from './common';

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
export function BpmRulesEditor({ modelId }: { modelId: number }) {
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
                        <IconButton
                          label={t`Edit`}
                          variant="subtle"

                          data-testid="edit-rule"
                          onClick={() => setEditing(rule.taskDefinitionKey)}
                        >
                          <IconEdit size={16} />
                        </IconButton>
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
