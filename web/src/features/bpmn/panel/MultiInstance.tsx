import { useLingui } from '@lingui/react/macro';
import { Select, Stack } from '@mantine/core';

import {
  create,
  extensionsOf,
  type ModdleElement,
  setExtensions,
  updateModdle,
  updateProperties,
} from '../modeler/edit';
import { CommitTextInput } from './fields';
import type { GroupProps } from './groups';
import { type LoopType, loopTypeOf } from './rules';
import { AsyncFlags } from './TaskConfig';

// Loop characteristics of an activity (spec §3 Multi-instance loop, §4 "Loop type").

/**
 * Default collection of a parallel multi-instance: the list of users (spec §3), named as a plain
 * variable, which the engines read as such; the engine gate refuses `${…}` outside conditions.
 */
export const DEFAULT_PARALLEL_COLLECTION = 'coll_userList';

const bodyOf = (expression: unknown) => (expression as { body?: string } | undefined)?.body ?? '';

export function MultiInstance(props: GroupProps) {
  const { t } = useLingui();
  const { modeler, element } = props;
  const loop = element.businessObject.get('loopCharacteristics') as ModdleElement | undefined;
  const type = loopTypeOf(loop);

  const changeType = (next: LoopType) => {
    if (next === 'null') {
      updateProperties(modeler, element, { loopCharacteristics: undefined });
      return;
    }
    if (next === 'standard') {
      const standard = create(modeler, 'bpmn:StandardLoopCharacteristics');
      updateProperties(modeler, element, { loopCharacteristics: standard });
      return;
    }
    const attrs: Record<string, unknown> = { isSequential: next === 'sequential' };
    if (next === 'parallel') attrs['camunda:collection'] = DEFAULT_PARALLEL_COLLECTION;
    const multi = create(modeler, 'bpmn:MultiInstanceLoopCharacteristics', attrs);
    updateProperties(modeler, element, { loopCharacteristics: multi });
  };

  const setExpression = (name: 'loopCardinality' | 'completionCondition', body: string) => {
    const value = body ? create(modeler, 'bpmn:FormalExpression', { body }) : undefined;
    updateModdle(modeler, element, loop!, { [name]: value });
  };
  const setAttr = (name: string, value: string) =>
    updateModdle(modeler, element, loop!, { [name]: value || undefined });
  const retry = loop ? extensionsOf(loop, 'camunda:FailedJobRetryTimeCycle')[0] : undefined;
  const setRetry = (body: string) =>
    setExtensions(
      modeler,
      element,
      'camunda:FailedJobRetryTimeCycle',
      body ? [create(modeler, 'camunda:FailedJobRetryTimeCycle', { body })] : [],
      loop,
    );
  const multi = type === 'sequential' || type === 'parallel';

  return (
    <Stack gap="xs" data-testid="multi-instance">
      <Select
        size="xs"
        label={t`Loop type`}
        data={[
          { value: 'null', label: t`None` },
          { value: 'standard', label: t`Standard loop` },
          { value: 'sequential', label: t`Sequential multi-instance` },
          { value: 'parallel', label: t`Parallel multi-instance` },
        ]}
        value={type}
        onChange={(value) => value && changeType(value as LoopType)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        data-testid="loop-type"
      />
      {multi && loop && (
        <>
          <CommitTextInput
            label={t`Loop cardinality`}
            value={bodyOf(loop.get('loopCardinality'))}
            onCommit={(body) => setExpression('loopCardinality', body)}
            testId="loop-cardinality"
          />
          <CommitTextInput
            label={t`Collection`}
            value={(loop.get('camunda:collection') as string | undefined) ?? ''}
            onCommit={(value) => setAttr('camunda:collection', value)}
            testId="loop-collection"
          />
          <CommitTextInput
            label={t`Element variable`}
            value={(loop.get('camunda:elementVariable') as string | undefined) ?? ''}
            onCommit={(value) => setAttr('camunda:elementVariable', value)}
            testId="loop-element-variable"
          />
          <CommitTextInput
            label={t`Completion condition`}
            value={bodyOf(loop.get('completionCondition'))}
            onCommit={(body) => setExpression('completionCondition', body)}
            testId="loop-completion"
          />
          <AsyncFlags {...props} owner={loop} />
          {(!!loop.get('camunda:asyncBefore') || !!loop.get('camunda:asyncAfter')) && (
            <CommitTextInput
              label={t`Retry time cycle`}
              value={(retry?.get('body') as string | undefined) ?? ''}
              onCommit={setRetry}
              testId="loop-retry"
            />
          )}
        </>
      )}
    </Stack>
  );
}
