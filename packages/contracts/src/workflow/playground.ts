import type { Language } from '../common/language';
import type { MissionInputs } from './missions';
import type { WorkflowSimpleView } from './views';

// The playground (issue 13; /playground/info and /playground/mission). Trying a workflow is starting a
// mission on it (POST /wujie/mission) and following it like any mission. Trying one agent runs that
// agent once, in the agent worker, through the same runner a mission's node uses: the workflow service
// builds the node context of a one-node "playground" run for the agent (no mission, no process
// instance, nothing stored) and the worker answers the node's output.

/** The id of the one node of an agent's playground run (its output is read like a node's). */
export const PLAYGROUND_NODE_ID = 'Playground';

/** A playground run of an agent is aborted after this long (the gateway waits a little longer). */
export const PLAYGROUND_RUN_MS = 120_000;

/** How a playground run of an agent ended. `needs_input`: a tool lacks an input and asks for it. */
export const PLAYGROUND_RUN_STATUSES = ['success', 'failed', 'needs_input'] as const;
export type PlaygroundRunStatus = (typeof PLAYGROUND_RUN_STATUSES)[number];

/** One step of an agent's run: a built-in tool, a skill's function, or the model's answer. */
export interface PlaygroundStepView {
  kind: 'tool' | 'function' | 'model';
  name: string;
  /** What the step did, in both languages. */
  summary: Record<Language, string>;
}

/** The answer of POST /wujie/playground/agent/run. */
export interface PlaygroundAgentRunView {
  agentId: number;
  agentName: string;
  agentNameEn: string;
  status: PlaygroundRunStatus;
  /** The inputs as the agent read them (text and patch trimmed, empty parts left out). */
  inputs: MissionInputs;
  /** The node output a mission would store (`result`, `summary`, `steps`, each tool's data); null unless success. */
  output: Record<string, unknown> | null;
  /** The steps the agent took, in order (from the output). */
  steps: PlaygroundStepView[];
  /** Why it failed, in the request's language ('' on success). */
  error: string;
  /** What the agent asks for (status needs_input), in the request's language. */
  question: string;
  /** `tools` (the skills' tools in order) or `model` (a configured language model chose them). */
  mode: 'tools' | 'model';
  /** ISO 8601 UTC. */
  startedAt: string;
  endedAt: string;
  durationMs: number;
}

/** A workflow the caller may try: online ones, and for administrators those in testing too. */
export type PlaygroundWorkflowView = WorkflowSimpleView;
