import { useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, Select, Stack } from '@mantine/core';
import { useState } from 'react';

import { notify } from '../../../lib/notify';
import {
  create,
  definitionsOf,
  isType,
  type ModdleElement,
  rootElementOf,
  setExtensions,
  updateModdle,
  updateProperties,
} from '../modeler/edit';
import { CommitTextInput, ScriptSourceInputs } from './fields';
import type { GroupProps } from './groups';
import { isIdTaken, scriptTypeOf, withAsync } from './rules';

// Task config (spec §3): user task assignment and dates, script task script, receive task message,
// and the asynchronous continuation flags of the task (spec §4 "Async").

const attr = (bo: ModdleElement, name: string) => (bo.get(name) as string | undefined) ?? '';

export function AsyncFlags({ modeler, element, owner }: GroupProps & { owner?: ModdleElement }) {
  const { t } = useLingui();
  const target = owner ?? element.businessObject;
  const flags = {
    asyncBefore: !!target.get('camunda:asyncBefore'),
    asyncAfter: !!target.get('camunda:asyncAfter'),
    exclusive: !!target.get('camunda:exclusive'),
  };
  const change = (patch: Partial<typeof flags>) => {
    const next = withAsync(flags, patch);
    const properties = {
      'camunda:asyncBefore': next.asyncBefore,
      'camunda:asyncAfter': next.asyncAfter,
      'camunda:exclusive': next.exclusive,
    };
    if (!owner) {
      updateProperties(modeler, element, properties);
      return;
    }
    updateModdle(modeler, element, owner, properties);
    // Loop characteristics: clearing both flags also clears the retry cycle (spec §4).
    if (!next.asyncBefore && !next.asyncAfter) {
      setExtensions(modeler, element, 'camunda:FailedJobRetryTimeCycle', [], owner);
    }
  };
  return (
    <Group gap="md" data-testid="async-flags">
      <Checkbox
        size="xs"
        label={t`Async before`}
        checked={flags.asyncBefore}
        onChange={(e) => change({ asyncBefore: e.currentTarget.checked })}
        data-testid="async-before"
      />
      <Checkbox
        size="xs"
        label={t`Async after`}
        checked={flags.asyncAfter}
        onChange={(e) => change({ asyncAfter: e.currentTarget.checked })}
        data-testid="async-after"
      />
      {(flags.asyncBefore || flags.asyncAfter) && (
        <Checkbox
          size="xs"
          label={t`Exclusive`}
          checked={flags.exclusive}
          onChange={(e) => change({ exclusive: e.currentTarget.checked })}
          data-testid="async-exclusive"
        />
      )}
    </Group>
  );
}

function UserTaskConfig({ modeler, element }: GroupProps) {
  const { t } = useLingui();
  const bo = element.businessObject;
  const field = (name: string, label: string, placeholder?: string) => (
    <CommitTextInput
      label={label}
      value={attr(bo, `camunda:${name}`)}
      placeholder={placeholder}
      onCommit={(value) =>
        updateProperties(modeler, element, { [`camunda:${name}`]: value || undefined })
      }
      testId={`task-${name}`}
    />
  );
  return (
    <Stack gap="xs">
      {field('assignee', t`Assignee`)}
      {field('candidateUsers', t`Candidate users`, t`Comma separated`)}
      {field('candidateGroups', t`Candidate groups`, t`Comma separated`)}
      {field('dueDate', t`Due date`)}
      {field('followUpDate', t`Follow-up date`)}
      {field('priority', t`Priority`)}
    </Stack>
  );
}

function ScriptTaskConfig({ modeler, element }: GroupProps) {
  const { t } = useLingui();
  const bo = element.businessObject;
  const script = attr(bo, 'script');
  const resource = attr(bo, 'camunda:resource');
  const [scriptType, setScriptType] = useState(scriptTypeOf({ value: script, resource }));
  const switchType = (type: 'inline' | 'external') => {
    setScriptType(type);
    // Inline clears the resource, external clears the script (spec §4).
    updateProperties(
      modeler,
      element,
      type === 'inline' ? { 'camunda:resource': undefined } : { script: undefined },
    );
  };
  return (
    <Stack gap="xs">
      <CommitTextInput
        label={t`Script format`}
        value={attr(bo, 'scriptFormat')}
        onCommit={(scriptFormat) => updateProperties(modeler, element, { scriptFormat })}
        testId="task-scriptFormat"
      />
      <ScriptSourceInputs
        types={{ inline: 'inline', external: 'external' }}
        type={scriptType}
        onTypeChange={switchType}
        script={script}
        onScriptCommit={(value) =>
          updateProperties(modeler, element, { script: value || undefined })
        }
        resource={resource}
        onResourceCommit={(value) =>
          updateProperties(modeler, element, { 'camunda:resource': value || undefined })
        }
        testIds={{ type: 'task-scriptType', script: 'task-script', resource: 'task-resource' }}
      />
      <CommitTextInput
        label={t`Result variable`}
        value={attr(bo, 'camunda:resultVariable')}
        onCommit={(value) =>
          updateProperties(modeler, element, { 'camunda:resultVariable': value || undefined })
        }
        testId="task-resultVariable"
      />
    </Stack>
  );
}

function ReceiveTaskConfig({ modeler, element }: GroupProps) {
  const { t } = useLingui();
  const bo = element.businessObject;
  const definitions = definitionsOf(modeler);
  const roots = (definitions.get('rootElements') as ModdleElement[]) ?? [];
  const messages = roots.filter((r) => isType(r, 'bpmn:Message'));
  const current = (bo.get('messageRef') as ModdleElement | undefined)?.id ?? null;
  const [newId, setNewId] = useState('');
  const [newName, setNewName] = useState('');

  const createMessage = () => {
    // The same uniqueness check as the messages group (spec §5).
    if (!newId.trim() || isIdTaken(messages, newId.trim())) {
      notify('warning', t`This message already exists, change its id and save again`);
      return;
    }
    const message = addRootElement(modeler, 'bpmn:Message', newId.trim(), newName.trim());
    updateProperties(modeler, element, { messageRef: message });
    setNewId('');
    setNewName('');
  };

  return (
    <Stack gap="xs">
      <Select
        size="xs"
        label={t`Message reference`}
        data={messages.map((m) => ({
          value: m.id ?? '',
          label: m.name ? `${m.name} (${m.id})` : (m.id ?? ''),
        }))}
        value={current}
        placeholder={t`None`}
        clearable
        onChange={(id) =>
          updateProperties(modeler, element, {
            messageRef: messages.find((m) => m.id === id) ?? undefined,
          })
        }
        comboboxProps={{ withinPortal: true }}
        data-testid="task-messageRef"
      />
      <Group gap={4} align="flex-end" wrap="nowrap">
        <CommitTextInput
          label={t`New message id`}
          value={newId}
          onCommit={setNewId}
          testId="task-new-message-id"
        />
        <CommitTextInput
          label={t`New message name`}
          value={newName}
          onCommit={setNewName}
          testId="task-new-message-name"
        />
        <Button size="xs" variant="light" onClick={createMessage} data-testid="task-new-message">
          {t`Create`}
        </Button>
      </Group>
    </Stack>
  );
}

/** Adds a message or signal to the definitions, as an undoable command. */
export function addRootElement(
  modeler: GroupProps['modeler'],
  type: 'bpmn:Message' | 'bpmn:Signal',
  id: string,
  name: string,
): ModdleElement {
  const definitions = definitionsOf(modeler);
  const entry = create(modeler, type, { id, name });
  entry.$parent = definitions;
  const roots = (definitions.get('rootElements') as ModdleElement[]) ?? [];
  updateModdle(modeler, rootElementOf(modeler), definitions, { rootElements: [...roots, entry] });
  return entry;
}

/** The task config group (user, script and receive tasks only). */
export function TaskConfig(props: GroupProps) {
  const bo = props.element.businessObject;
  return (
    <Stack gap="sm" data-testid="task-config">
      {isType(bo, 'bpmn:UserTask') && <UserTaskConfig {...props} />}
      {isType(bo, 'bpmn:ScriptTask') && <ScriptTaskConfig {...props} />}
      {isType(bo, 'bpmn:ReceiveTask') && <ReceiveTaskConfig {...props} />}
      <AsyncFlags {...props} />
    </Stack>
  );
}
