import type { AgentGraph, WorkflowDiffView } from '@platform/contracts';

import type { ActivityMark } from './viewer/markers';

// Activity data the workflow pages hand to the process viewer: what a diagram check found, and what a
// version changed. They reuse the viewer's three markers: highlight (done), todo, reject.

/** Agent and branch nodes of a graph that converted: each one passed the check. */
export function checkedMarks(graph: AgentGraph): ActivityMark[] {
  return graph.nodes
    .filter((node) => node.kind === 'agent' || node.kind === 'branch')
    .map((node) => ({ key: node.id, isend: true }));
}

/** Elements named by the errors of a check (`data.errors[].field` is the element id). */
export function problemMarks(errors: readonly { field?: string }[]): ActivityMark[] {
  const ids = new Set(errors.map((error) => error.field).filter((id): id is string => !!id));
  return [...ids].map((key) => ({ key, iserror: true }));
}

/**
 * On the newer version's diagram: added agent or branch nodes as ended (highlight), changed ones as
 * in progress (todo). Removed nodes are not in that diagram; the change table lists them.
 */
export function diffMarks(diff: WorkflowDiffView): ActivityMark[] {
  return diff.agents
    .filter((change) => change.change !== 'removed')
    .map((change) =>
      change.change === 'added'
        ? { key: change.id, isend: true }
        : { key: change.id, activity: true },
    );
}
