import { useLingui } from '@lingui/react/macro';
import { Accordion, Anchor, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type Modeler from 'bpmn-js/lib/Modeler';
import { type ReactNode, useState } from 'react';

import { type DiagramElement, documentationText, isType, setDocumentation } from '../modeler/edit';
import { AgentEditor, BranchEditor } from './AgentEditor';
import { BaseInfo } from './BaseInfo';
import { CommitTextarea } from './fields';
import { type GroupId, type GroupProps, OPEN_ON_SELECT, visibleGroups } from './groups';
import { PANEL_GROUPS } from './registry';

const BUILT_IN: GroupId[] = ['base', 'agent', 'branch', 'documentation'];

function Documentation({ modeler, element }: GroupProps) {
  const { t } = useLingui();
  return (
    <CommitTextarea
      label={t`Element documentation`}
      value={documentationText(element.businessObject)}
      onCommit={(text) => setDocumentation(modeler, element, text)}
      testId="documentation"
      minRows={3}
    />
  );
}

/** Task assignment rules are kept per model, not in the diagram (spec §2). */
function AssignmentHint() {
  const { t } = useLingui();
  return (
    <Text size="xs" c="dimmed" mb="xs" data-testid="assignment-hint">
      {t`Task assignment rules (role, department head, department members, post, user, work group, custom script) are maintained in`}{' '}
      <Anchor
        href="/bpm/manager/model"
        target="_blank"
        rel="noopener"
        size="xs"
        data-testid="assignment-link"
      >
        {t`Process models`} <IconExternalLink size={12} />
      </Anchor>
    </Text>
  );
}

/** The properties panel (spec §2): the groups of the selected element, or of the process. */
export function PropertiesPanel(props: {
  modeler: Modeler;
  element: DiagramElement;
  revision: number;
  keyReadOnly: boolean;
  takenKeys: readonly string[];
}) {
  const { t } = useLingui();
  const { modeler, element, revision } = props;
  const bo = element.businessObject;
  // Selecting another element remounts the panel (keyed by element id): base info and extension
  // properties open again.
  const [open, setOpen] = useState<string[]>([...OPEN_ON_SELECT]);

  const groups = visibleGroups({
    type: bo.$type,
    isActivity: isType(bo, 'bpmn:Activity'),
    sourceType: element.source?.businessObject.$type,
  });
  const titles: Record<GroupId, string> = {
    base: t`Base info`,
    agent: t`Agent`,
    branch: t`Branch`,
    documentation: t`Other`,
    task: t`Task config`,
    multiInstance: t`Multi-instance`,
    condition: t`Flow condition`,
    executionListeners: t`Execution listeners`,
    taskListeners: t`Task listeners`,
    extensions: t`Extension properties`,
    form: t`Form`,
    messages: t`Messages and signals`,
  };
  const groupProps = { modeler, element, revision };
  const content = (id: GroupId): ReactNode => {
    switch (id) {
      case 'base':
        return (
          <BaseInfo {...groupProps} keyReadOnly={props.keyReadOnly} takenKeys={props.takenKeys} />
        );
      case 'agent':
        return <AgentEditor {...groupProps} />;
      case 'branch':
        return <BranchEditor {...groupProps} />;
      case 'documentation':
        return <Documentation {...groupProps} />;
      default: {
        const Group = PANEL_GROUPS[id];
        return Group ? <Group {...groupProps} /> : null;
      }
    }
  };

  return (
    <div data-testid="properties-panel" data-element-id={element.id} data-element-type={bo.$type}>
      <Accordion multiple value={open} onChange={setOpen} variant="contained" radius={0}>
        {groups
          .filter((id) => BUILT_IN.includes(id) || !!PANEL_GROUPS[id])
          .map((id) => (
            <Accordion.Item key={id} value={id} data-testid={`group-${id}`}>
              <Accordion.Control data-testid={`group-${id}-control`}>
                {titles[id]}
              </Accordion.Control>
              <Accordion.Panel>
                {id === 'task' && isType(bo, 'bpmn:UserTask') && <AssignmentHint />}
                {content(id)}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
      </Accordion>
    </div>
  );
}
