// Which marker a node of the process viewer carries (spec §3 Viewer input, §4): todo when the node is
// the activity in progress, highlight when it has ended, reject when it failed. The flags come from
// the activity data passed in and from attributes on the diagram's own elements; pure so it is tested
// apart from bpmn-js.

export type Marker = 'todo' | 'highlight' | 'reject';

/** What the caller knows about one node (element id in `key`, or `id`). */
export interface ActivityMark {
  key?: string;
  id?: string;
  activity?: unknown;
  isend?: unknown;
  iserror?: unknown;
}

/** Flags arrive as booleans, numbers or the strings the XML and older APIs carry. */
export function isSet(flag: unknown): boolean {
  if (typeof flag === 'string') return ['true', '1', 'yes'].includes(flag.trim().toLowerCase());
  return flag === true || flag === 1;
}

/** A failure outranks an end, which outranks being in progress. */
export function markerOf(mark: Omit<ActivityMark, 'key' | 'id'>): Marker | null {
  if (isSet(mark.iserror)) return 'reject';
  if (isSet(mark.isend)) return 'highlight';
  if (isSet(mark.activity)) return 'todo';
  return null;
}

/** Attributes of an element whose local name is a flag (`activity`, `camunda:isend`, …). */
export function flagsOfAttributes(attrs: Record<string, unknown> | undefined): ActivityMark {
  const flags: ActivityMark = {};
  for (const [name, value] of Object.entries(attrs ?? {})) {
    const local = name.slice(name.indexOf(':') + 1).toLowerCase();
    if (local === 'activity' || local === 'isend' || local === 'iserror') flags[local] = value;
  }
  return flags;
}

/**
 * The marker of each node: from its own attributes, then from the activity data (which wins for
 * the node it names). Nodes without a marker are left out.
 */
export function computeMarkers(
  elements: readonly { id: string; attrs?: Record<string, unknown> }[],
  activityData: readonly ActivityMark[] | undefined,
): Map<string, Marker> {
  const known = new Set(elements.map((element) => element.id));
  const markers = new Map<string, Marker>();
  for (const element of elements) {
    const marker = markerOf(flagsOfAttributes(element.attrs));
    if (marker) markers.set(element.id, marker);
  }
  for (const mark of activityData ?? []) {
    const id = mark.key ?? mark.id;
    if (!id || !known.has(id)) continue;
    const marker = markerOf(mark);
    if (marker) markers.set(id, marker);
    else markers.delete(id);
  }
  return markers;
}

/** Only user tasks (agents) and exclusive gateways (branches) answer a click with a show event. */
export const SHOWABLE_TYPES = ['bpmn:UserTask', 'bpmn:ExclusiveGateway'] as const;

export const isShowable = (type: string) => (SHOWABLE_TYPES as readonly string[]).includes(type);
