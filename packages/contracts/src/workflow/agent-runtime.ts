// How a compiled agent workflow runs (issue 12). The compiler (`compileWorkflow` in @platform/bpmn),
// the workflow service that deploys and starts it, and the agent worker share these names:
//
// - Agent node: a user task whose documentation holds an agent descriptor of type Agent or Function.
//   It is deployed as an external service task with the same id, name and documentation (the
//   descriptor), `camunda:type="external"` and `camunda:topic` = AGENT_TOPIC. The worker reads the
//   descriptor from the node's documentation and dispatches on its type. A user task with a Human
//   descriptor, or without a descriptor, stays a user task for people.
// - Branch gateway: an exclusive gateway with a branch descriptor. Each outgoing flow that a rule
//   targets carries the condition `${route_<gw> == '<target id>'}` on the process variable
//   `routeVariable(gatewayId)`; the default flow stays the default, with no condition. No other
//   condition exists, so routing never runs user code.
// - Setting the route: every flow into a branch gateway comes from an agent node. When the worker
//   completes that node it sets, for each branch gateway the node leads to, the String variable
//   `routeVariable(gatewayId)` to the target the rules choose from the node's output (`chooseRoute`
//   in @platform/bpmn: the first rule whose validator passes, else the default flow's target). When
//   nothing is chosen the worker reports a failure instead of completing (the engine could not
//   leave the gateway).
// - Agent output: what the worker evaluates validators on (AgentOutput; see `evaluateValidator`).

/** Topic of the external tasks of agent nodes, fetched by the agent worker. */
export const AGENT_TOPIC = 'agent';

/** Start of the process variable that holds a branch gateway's chosen target. */
export const ROUTE_VARIABLE_PREFIX = 'route_';

/**
 * The process variable a branch gateway routes on: `route_` and the gateway id with every
 * character outside [A-Za-z0-9_] replaced by `_` (so it is a JUEL identifier).
 */
export function routeVariable(gatewayId: string): string {
  return `${ROUTE_VARIABLE_PREFIX}${gatewayId.replace(/[^A-Za-z0-9_]/g, '_')}`;
}

/** Start of the process variable that holds an agent node's output (its JSON text). */
export const OUTPUT_VARIABLE_PREFIX = 'output_';

/**
 * The process variable the worker completes agent node `nodeId` with: its output (AgentOutput) as
 * JSON text (`jsonTextVariable`), named like `routeVariable` (`output_` and the node id with every
 * character outside [A-Za-z0-9_] replaced by `_`). A rerun seeds the nodes before its start with these.
 */
export function outputVariable(nodeId: string): string {
  return `${OUTPUT_VARIABLE_PREFIX}${nodeId.replace(/[^A-Za-z0-9_]/g, '_')}`;
}

/** Key of an agent output's main value: validators that compare text read it. */
export const AGENT_OUTPUT_RESULT_KEY = 'result';
/** Key of an agent output's list of produced files: FileNotExist reads it. */
export const AGENT_OUTPUT_FILES_KEY = 'files';

/** A file an agent produced: its name (or path), or an object naming it. */
export type AgentOutputFile = string | { name?: string; fileName?: string; path?: string };

/**
 * The output of an agent node as the worker evaluates it: a JSON object (or its text), whose
 * `result` is the main value and whose `files` lists the files it produced; any other key is
 * free. A plain text (or number, boolean) output is its own result and names no file.
 */
export interface AgentOutput {
  /** The main value; Equals, NotEquals and WithIn compare its text. */
  result?: unknown;
  /** Files produced; FileNotExist looks here. */
  files?: AgentOutputFile[];
  [key: string]: unknown;
}

/**
 * The longest String variable Camunda 7 keeps in the variable's own row: `TEXT_` is a
 * varchar(4000) in its MySQL/MariaDB schema, at runtime and in the history.
 */
export const ENGINE_STRING_MAX_LENGTH = 4000;

/** A process variable as the engines' REST API takes it. */
export interface JsonTextVariable {
  type: 'String' | 'Json';
  value: string;
}

/**
 * A JSON value as a process variable: its text as a String when it fits the variable's row, as Json
 * beyond. Operaton writes a Json variable's text to a byte array of its own at runtime and again in
 * the history, and deletes the runtime one at the end: four statements a variable more than a String
 * (issue 31; Cockpit shows both as their text). Read back with `parseJsonTextVariable`.
 *
 * Operaton's MariaDB tables are `utf8` (three bytes a character at most), which refuses characters
 * beyond the Basic Multilingual Plane (emoji, CJK extension B): the String's text has them as JSON
 * escapes, which parse back to the same value.
 */
export function jsonTextVariable(value: unknown): JsonTextVariable {
  const json = JSON.stringify(value);
  const text = json.replace(BEYOND_BMP, escapeSurrogatePair);
  // Escaped, the text has nothing beyond the BMP left: only its length decides.
  return text.length <= ENGINE_STRING_MAX_LENGTH
    ? { type: 'String', value: text }
    : { type: 'Json', value: json };
}

/**
 * Whether Operaton can keep `text` as a String variable on MariaDB: at most 4000 characters, none
 * beyond the BMP (its `utf8` columns refuse them, and the command fails). Anything else goes as Json.
 */
export function fitsEngineString(text: string): boolean {
  // search(), unlike test(), ignores the global flag's lastIndex: one pattern serves both uses.
  return text.length <= ENGINE_STRING_MAX_LENGTH && text.search(BEYOND_BMP) < 0;
}

const BEYOND_BMP = /[\u{10000}-\u{10FFFF}]/gu;

function escapeSurrogatePair(character: string): string {
  const unit = (i: number) => `\\u${character.charCodeAt(i).toString(16)}`;
  return unit(0) + unit(1);
}

/**
 * A variable written by `jsonTextVariable` (or as Json, as before it) back as its value; a text
 * that is not JSON stays text. `value` is the variable's value as the REST API answers it with
 * `deserializeValues=false`: the text, for both types.
 */
export function parseJsonTextVariable(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
