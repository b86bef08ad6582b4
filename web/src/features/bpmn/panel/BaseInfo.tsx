import { useLingui } from '@lingui/react/macro';
import { Stack } from '@mantine/core';
import { isValidElementId, processKeyProblem, processNameProblem } from '@platform/bpmn';
import { renderMessage } from '@platform/contracts';
import type Modeler from 'bpmn-js/lib/Modeler';
import { useEffect, useState } from 'react';

import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { type DiagramElement, idTaken, isType, updateProperties } from '../modeler/edit';
import { CommitTextInput } from './fields';

/**
 * Key and name of the process (key rule, duplicate key, read-only once saved: spec §5), or id and
 * name of an element (id rule).
 */
export function BaseInfo(props: {
  modeler: Modeler;
  element: DiagramElement;
  keyReadOnly: boolean;
  takenKeys: readonly string[];
}) {
  const { t } = useLingui();
  const { modeler, element } = props;
  const bo = element.businessObject;
  const isProcess = isType(bo, 'bpmn:Process');
  const [idError, setIdError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  useEffect(() => {
    setIdError(null);
    setNameError(null);
  }, [element]);

  const message = (key: Parameters<typeof renderMessage>[0], params = {}) =>
    renderMessage(key, currentLanguage(), params);

  const commitId = (id: string) => {
    let problem: string | null = null;
    if (isProcess) {
      const key = processKeyProblem(id, props.takenKeys);
      problem = key ? message(key) : null;
    } else if (!isValidElementId(id)) {
      problem = message('bpmn.id_pattern', { id });
    } else if (id !== bo.id && idTaken(modeler, id)) {
      problem = message('bpmn.id_duplicate', { id });
    }
    setIdError(problem);
    if (problem) {
      notify('warning', problem);
      return;
    }
    updateProperties(modeler, element, { id });
  };

  const commitName = (name: string) => {
    const problem = isProcess ? processNameProblem(name) : null;
    setNameError(problem ? message(problem) : null);
    if (!problem) updateProperties(modeler, element, { name });
  };

  return (
    <Stack gap="xs" data-testid="base-info">
      <CommitTextInput
        label={isProcess ? t`Process key` : t`Id`}
        value={bo.id ?? ''}
        onCommit={commitId}
        readOnly={isProcess && props.keyReadOnly}
        description={
          isProcess && props.keyReadOnly ? t`The key of a saved process cannot change` : undefined
        }
        error={idError}
        required
        testId="base-id"
      />
      <CommitTextInput
        label={isProcess ? t`Process name` : t`Name`}
        value={bo.name ?? ''}
        onCommit={commitName}
        error={nameError}
        required={isProcess}
        testId="base-name"
      />
    </Stack>
  );
}
