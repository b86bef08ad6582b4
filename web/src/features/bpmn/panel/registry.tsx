import type { ComponentType } from 'react';

import { ExtensionProperties } from './ExtensionProperties';
import { FlowCondition } from './FlowCondition';
import { FormGroup } from './FormGroup';
import type { GroupId } from './groups';
import type { GroupProps } from './groups';
import { Listeners } from './Listeners';
import { MessagesSignals } from './MessagesSignals';
import { MultiInstance } from './MultiInstance';
import { TaskConfig } from './TaskConfig';

const ExecutionListeners = (props: GroupProps) => <Listeners {...props} kind="execution" />;
const TaskListeners = (props: GroupProps) => <Listeners {...props} kind="task" />;

/** The groups beyond base info, documentation and the agent/branch editors. */
export const PANEL_GROUPS: Partial<Record<GroupId, ComponentType<GroupProps>>> = {
  task: TaskConfig,
  multiInstance: MultiInstance,
  condition: FlowCondition,
  executionListeners: ExecutionListeners,
  taskListeners: TaskListeners,
  extensions: ExtensionProperties,
  form: FormGroup,
  messages: MessagesSignals,
};
