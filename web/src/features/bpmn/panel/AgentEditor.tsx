import { useLingui } from '@lingui/react/macro';
import { Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import {
  decodeAgentDescriptor,
  decodeBranchDescriptor,
  encodeAgentDescriptor,
  encodeBranchDescriptor,
  newValidatorCall,
} from '@platform/bpmn';
import {
  AGENT_TYPES,
  type AgentDescriptor,
  type BranchDescriptor,
  DEFAULT_AGENT_TYPE,
  DEFAULT_BRANCH_TYPE,
} from '@platform/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type Modeler from 'bpmn-js/lib/Modeler';

import { useDict } from '../../../hooks/useDict';
import { type DiagramElement, documentationText, setDocumentation } from '../modeler/edit';
import { CommitTextarea, CommitTextInput } from './fields';
import { useValidatorOptions, ValidatorEditor } from './ValidatorEditor';

// The agent editor of user tasks and the branch editor of exclusive gateways (spec §3): their
// descriptors live as JSON in the element's documentation, read and written with the codecs of
// @platform/bpmn (unknown keys survive a round trip).

interface EditorProps {
  modeler: Modeler;
  element: DiagramElement;
}

function useTypeOptions() {
  const entries = useDict('workflow_agent_type');
  if (entries.length) return entries.map((e) => ({ value: e.dictValue, label: e.dictLabel }));
  return AGENT_TYPES.map((type) => ({ value: type, label: type }));
}

export function AgentEditor({ modeler, element }: EditorProps) {
  const { t } = useLingui();
  const types = useTypeOptions();
  const defaultValidator = useValidatorOptions()[0]?.value ?? 'Equals';
  const descriptor = decodeAgentDescriptor(documentationText(element.businessObject)).value;
  const save = (next: AgentDescriptor) =>
    setDocumentation(modeler, element, encodeAgentDescriptor(next));
  const set = (patch: Partial<AgentDescriptor>) => save({ ...descriptor, ...patch });

  return (
    <Stack gap="xs" data-testid="agent-editor">
      <CommitTextInput
        label={t`English name`}
        value={descriptor.nameen}
        onCommit={(nameen) => set({ nameen })}
        testId="agent-nameen"
      />
      <Select
        size="xs"
        label={t`Type`}
        data={types}
        value={descriptor.type || DEFAULT_AGENT_TYPE}
        onChange={(type) => set({ type: type ?? DEFAULT_AGENT_TYPE })}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        data-testid="agent-type"
      />
      <CommitTextarea
        label={t`Instruction`}
        value={descriptor.instruction}
        onCommit={(instruction) => set({ instruction })}
        testId="agent-instruction"
        minRows={3}
      />
      <CommitTextarea
        label={t`Output`}
        value={descriptor.output}
        onCommit={(output) => set({ output })}
        testId="agent-output"
      />
      <Text size="xs" fw={500}>{t`Validators`}</Text>
      {descriptor.validators.map((call, index) => (
        <Card key={index} withBorder padding="xs">
          <ValidatorEditor
            call={call}
            testId={`agent-validator-${index}`}
            onChange={(changed) =>
              set({ validators: descriptor.validators.map((v, i) => (i === index ? changed : v)) })
            }
          />
          <Button
            mt={4}
            size="compact-xs"
            color="red"
            variant="subtle"
            leftSection={<IconTrash size={12} />}
            onClick={() => set({ validators: descriptor.validators.filter((_, i) => i !== index) })}
            data-testid={`agent-validator-${index}-remove`}
          >
            {t`Remove validator`}
          </Button>
        </Card>
      ))}
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} />}
        onClick={() =>
          set({ validators: [...descriptor.validators, newValidatorCall(defaultValidator)] })
        }
        data-testid="agent-validator-add"
      >
        {t`Add validator`}
      </Button>
    </Stack>
  );
}

/** Targets a branch may lead to: the targets of the gateway's outgoing flows, each once. */
function outgoingTargets(element: DiagramElement) {
  const targets = new Map<string, DiagramElement>();
  for (const flow of element.outgoing ?? [])
    if (flow.target) targets.set(flow.target.id, flow.target);
  return [...targets.values()].map((target) => ({
    value: target.id,
    label: target.businessObject.name ? `${target.businessObject.name} (${target.id})` : target.id,
  }));
}

export function BranchEditor({ modeler, element }: EditorProps) {
  const { t } = useLingui();
  const types = useTypeOptions();
  const defaultValidator = useValidatorOptions()[0]?.value ?? 'Equals';
  const descriptor = decodeBranchDescriptor(documentationText(element.businessObject)).value;
  const targets = outgoingTargets(element);
  const save = (next: BranchDescriptor) =>
    setDocumentation(modeler, element, encodeBranchDescriptor(next));
  const set = (patch: Partial<BranchDescriptor>) => save({ ...descriptor, ...patch });
  const setBranch = (index: number, patch: Partial<BranchDescriptor['branches'][number]>) =>
    set({
      branches: descriptor.branches.map((b, i) => (i === index ? { ...b, ...patch } : b)),
    });

  return (
    <Stack gap="xs" data-testid="branch-editor">
      <CommitTextInput
        label={t`English name`}
        value={descriptor.nameen}
        onCommit={(nameen) => set({ nameen })}
        testId="branch-nameen"
      />
      <Select
        size="xs"
        label={t`Type`}
        data={types}
        value={descriptor.type || DEFAULT_BRANCH_TYPE}
        onChange={(type) => set({ type: type ?? DEFAULT_BRANCH_TYPE })}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        data-testid="branch-type"
      />
      <Text size="xs" fw={500}>{t`Branches`}</Text>
      {descriptor.branches.map((branch, index) => {
        const known = targets.some((o) => o.value === branch.target_node);
        return (
          <Card key={index} withBorder padding="xs" data-testid={`branch-${index}`}>
            <ValidatorEditor
              call={branch.validator}
              testId={`branch-${index}-validator`}
              onChange={(validator) => setBranch(index, { validator })}
            />
            <Select
              mt={4}
              size="xs"
              label={t`Target node`}
              data={
                known || !branch.target_node
                  ? targets
                  : [...targets, { value: branch.target_node, label: branch.target_node }]
              }
              value={branch.target_node || null}
              onChange={(target) => setBranch(index, { target_node: target ?? '' })}
              comboboxProps={{ withinPortal: true }}
              error={!branch.target_node || known ? undefined : t`Not a target of an outgoing flow`}
              data-testid={`branch-${index}-target`}
            />
            <Group justify="flex-end" mt={4}>
              <Button
                size="compact-xs"
                color="red"
                variant="subtle"
                leftSection={<IconTrash size={12} />}
                onClick={() => set({ branches: descriptor.branches.filter((_, i) => i !== index) })}
                data-testid={`branch-${index}-remove`}
              >
                {t`Remove branch`}
              </Button>
            </Group>
          </Card>
        );
      })}
      {targets.length === 0 && (
        <Text
          size="xs"
          c="dimmed"
        >{t`Connect the gateway to the next nodes to choose branch targets.`}</Text>
      )}
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} />}
        onClick={() =>
          set({
            branches: [
              ...descriptor.branches,
              { validator: newValidatorCall(defaultValidator), target_node: '' },
            ],
          })
        }
        data-testid="branch-add"
      >
        {t`Add branch`}
      </Button>
    </Stack>
  );
}
