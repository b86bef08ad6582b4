import type Modeler from 'bpmn-js/lib/Modeler';

import type { DiagramElement } from '../modeler/edit';

// Which groups the properties panel shows for an element (spec §2 "Process designer screen"), and
// which are open after a selection: base info and extension properties.

export type GroupId =
  | 'base'
  | 'agent'
  | 'branch'
  | 'documentation'
  | 'task'
  | 'multiInstance'
  | 'condition'
  | 'executionListeners'
  | 'taskListeners'
  | 'extensions'
  | 'form'
  | 'messages';

export interface ElementKind {
  /** Business object type, e.g. `bpmn:UserTask`. */
  type: string;
  /** Activities (tasks, sub-processes, call activities) can loop. */
  isActivity: boolean;
  /** For a sequence flow: the type of its source. */
  sourceType?: string;
}

export const OPEN_ON_SELECT: readonly GroupId[] = ['base', 'extensions'];

const TASK_CONFIG_TYPES = ['bpmn:UserTask', 'bpmn:ScriptTask', 'bpmn:ReceiveTask'];
const FORM_TYPES = ['bpmn:UserTask', 'bpmn:StartEvent'];
const NO_LISTENERS = [
  'bpmn:Association',
  'bpmn:TextAnnotation',
  'bpmn:Group',
  'bpmn:DataObjectReference',
  'bpmn:DataStoreReference',
];

export function visibleGroups(kind: ElementKind): GroupId[] {
  const { type } = kind;
  const groups: GroupId[] = ['base'];
  if (type === 'bpmn:UserTask') groups.push('agent');
  if (type === 'bpmn:ExclusiveGateway') groups.push('branch');
  groups.push('documentation');
  if (TASK_CONFIG_TYPES.includes(type)) groups.push('task');
  if (kind.isActivity) groups.push('multiInstance');
  if (type === 'bpmn:SequenceFlow' && kind.sourceType !== 'bpmn:StartEvent') {
    groups.push('condition');
  }
  if (!NO_LISTENERS.includes(type)) groups.push('executionListeners');
  if (type === 'bpmn:UserTask') groups.push('taskListeners');
  groups.push('extensions');
  if (FORM_TYPES.includes(type)) groups.push('form');
  if (type === 'bpmn:Process') groups.push('messages');
  return groups;
}

/** What every group of the properties panel is given (here, not in the panel, so groups need not import it). */
export interface GroupProps {
  modeler: Modeler;
  element: DiagramElement;
  revision: number;
}
