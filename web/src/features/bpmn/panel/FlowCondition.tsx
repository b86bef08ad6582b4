import { useLingui } from '@lingui/react/macro';
import { Select, Stack } from '@mantine/core';
import { useState } from 'react';

import { create, type ModdleElement, updateModdle, updateProperties } from '../modeler/edit';
import { CommitTextInput, ScriptSourceInputs } from './fields';
import type { GroupProps } from './groups';
import { type FlowType, flowTypeChange, flowTypeOf } from './rules';

// Flow condition of a sequence flow (spec §3 Sequence flow, §4 "Sequence flow type").

export function FlowCondition({ modeler, element }: GroupProps) {
  const { t } = useLingui();
  const flow = element.businessObject;
  const source = element.source;
  const type = flowTypeOf(flow as never);
  const condition = flow.get('conditionExpression') as ModdleElement | undefined;
  const language = (condition?.get('language') as string | undefined) ?? '';
  const resource = (condition?.get('camunda:resource') as string | undefined) ?? '';
  const [conditionType, setConditionType] = useState<'expression' | 'script'>(
    language ? 'script' : 'expression',
  );
  const [scriptType, setScriptType] = useState<'inlineScript' | 'externalScript'>(
    resource ? 'externalScript' : 'inlineScript',
  );
  const canBeDefault =
    !!source &&
    ['bpmn:ExclusiveGateway', 'bpmn:InclusiveGateway', 'bpmn:ComplexGateway', 'bpmn:Activity'].some(
      (k) => source.businessObject.$instanceOf(k),
    );

  const changeType = (next: FlowType) => {
    const isDefault = type === 'default';
    const change = flowTypeChange(next, isDefault);
    if (change.condition === 'create') {
      updateProperties(modeler, element, {
        conditionExpression: create(modeler, 'bpmn:FormalExpression', { body: '' }),
      });
    } else if (condition) {
      updateProperties(modeler, element, { conditionExpression: undefined });
    }
    if (source && change.sourceDefault === 'set') {
      updateProperties(modeler, source, { default: flow });
    } else if (source && change.sourceDefault === 'clear') {
      updateProperties(modeler, source, { default: undefined });
    }
  };

  /** Writes the condition as a new expression, so one change is one undoable command. */
  const writeCondition = (attrs: { body?: string; language?: string; resource?: string }) => {
    const next = {
      body: attrs.body ?? (condition?.get('body') as string | undefined) ?? '',
      language: attrs.language ?? language,
      resource: attrs.resource ?? resource,
    };
    const expression = create(modeler, 'bpmn:FormalExpression', {
      body: next.body,
      ...(next.language ? { language: next.language } : {}),
      ...(next.resource ? { 'camunda:resource': next.resource } : {}),
    });
    updateModdle(modeler, element, flow, { conditionExpression: expression });
  };

  return (
    <Stack gap="xs" data-testid="flow-condition">
      <Select
        size="xs"
        label={t`Flow type`}
        data={[
          { value: 'normal', label: t`Normal flow` },
          ...(canBeDefault ? [{ value: 'default', label: t`Default flow` }] : []),
          { value: 'condition', label: t`Conditional flow` },
        ]}
        value={type}
        onChange={(value) => value && changeType(value as FlowType)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        data-testid="flow-type"
      />
      {type === 'condition' && (
        <>
          <Select
            size="xs"
            label={t`Condition type`}
            data={[
              { value: 'expression', label: t`Expression` },
              { value: 'script', label: t`Script` },
            ]}
            value={conditionType}
            onChange={(value) => {
              if (!value) return;
              setConditionType(value as 'expression' | 'script');
              if (value === 'expression') writeCondition({ language: '', resource: '' });
            }}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="flow-condition-type"
          />
          {conditionType === 'expression' ? (
            <CommitTextInput
              label={t`Expression`}
              value={(condition?.get('body') as string | undefined) ?? ''}
              onCommit={(body) => writeCondition({ body })}
              testId="flow-expression"
            />
          ) : (
            <>
              <CommitTextInput
                label={t`Script language`}
                value={language}
                onCommit={(value) => writeCondition({ language: value })}
                testId="flow-language"
              />
              <ScriptSourceInputs
                types={{ inline: 'inlineScript', external: 'externalScript' }}
                type={scriptType}
                onTypeChange={(value) => {
                  setScriptType(value);
                  writeCondition(value === 'inlineScript' ? { resource: '' } : { body: '' });
                }}
                script={(condition?.get('body') as string | undefined) ?? ''}
                onScriptCommit={(body) => writeCondition({ body })}
                resource={resource}
                onResourceCommit={(value) => writeCondition({ resource: value })}
                testIds={{
                  type: 'flow-script-type',
                  script: 'flow-script',
                  resource: 'flow-resource',
                }}
              />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
