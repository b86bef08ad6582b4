import {
  AGENT_OUTPUT_FILES_KEY,
  AGENT_OUTPUT_RESULT_KEY,
  type AgentGraph,
  type BranchDescriptor,
  routeVariable,
  type ValidatorCall,
} from '@platform/contracts';

// What the agent worker evaluates after an agent node ran: its validators, and the branch rules that
// choose the route of the gateway after it. Pure functions of the node's output (AgentOutput in
// contracts), the same on every machine; nothing here runs user code.
//
// The output is read three ways:
// - its JSON: a plain object, or a text that parses to one (an array or scalar has no keys);
// - its text: the JSON's `result` when it has that key (texts as they are, null as '', numbers and
//   booleans as written, objects and arrays as JSON), else the output itself read the same way
//   (a JSON object without `result` gives its JSON text); compared trimmed and case-sensitively;
// - its files: the names in the JSON's `files` list (a text, or an object's name, fileName or path).
//
// Validators (dictionary workflow_val_type):
// - Equals(p): the text equals p (trimmed); NotEquals(p) is its negation.
// - WithIn([p…]): the text equals one of the entries (trimmed).
// - JsonKeyExists([k…]): the JSON has every key k, each a top-level key or a dotted path (`a.b`)
//   through nested objects; a key whose value is null exists.
// - JsonKeyNotEmpty(k): the JSON has k (as above) and its value is not null, an empty or blank
//   text, an empty list or an empty object (0 and false are values).
// - FileNotExist(p): no file of the output is named p, compared with the whole name and with its
//   last path segment; an output without files passes.
// An unknown validator never passes (compileWorkflow refuses diagrams that name one).

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The output as a JSON object, or null when it is not one (nor a text holding one). */
export function outputJson(output: unknown): Json | null {
  if (isObject(output)) return output;
  if (typeof output !== 'string') return null;
  const text = output.trim();
  if (!text.startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  return JSON.stringify(value);
}

/** The text the comparing validators read: the `result` of a JSON output, else the output. */
export function outputText(output: unknown): string {
  const json = outputJson(output);
  if (json && Object.prototype.hasOwnProperty.call(json, AGENT_OUTPUT_RESULT_KEY)) {
    return textOf(json[AGENT_OUTPUT_RESULT_KEY]).trim();
  }
  return textOf(output).trim();
}

/** The names of the files an output lists under `files`. */
export function outputFiles(output: unknown): string[] {
  const files = outputJson(output)?.[AGENT_OUTPUT_FILES_KEY];
  if (!Array.isArray(files)) return [];
  return files.flatMap((file: unknown) => {
    if (typeof file === 'string') return [file];
    if (!isObject(file)) return [];
    const name = [file.name, file.fileName, file.path].find((v) => typeof v === 'string');
    return typeof name === 'string' ? [name] : [];
  });
}

/** Looks a key up: a top-level key first, else a dotted path through nested objects. */
function lookup(json: Json, key: string): { found: boolean; value?: unknown } {
  if (Object.prototype.hasOwnProperty.call(json, key)) return { found: true, value: json[key] };
  if (!key.includes('.')) return { found: false };
  let current: unknown = json;
  for (const step of key.split('.')) {
    if (!isObject(current) || !Object.prototype.hasOwnProperty.call(current, step)) {
      return { found: false };
    }
    current = current[step];
  }
  return { found: true, value: current };
}

function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (isObject(value)) return Object.keys(value).length === 0;
  return false;
}

const lastSegment = (name: string) => name.split(/[\\/]/).pop() ?? name;

function textParam(params: ValidatorCall['params']): string {
  return (Array.isArray(params) ? (params[0] ?? '') : params).trim();
}

function listParam(params: ValidatorCall['params']): string[] {
  return (Array.isArray(params) ? params : [params]).map((p) => p.trim());
}

/** Whether an output passes a validator (semantics in the comment at the top of this file). */
export function evaluateValidator(call: ValidatorCall, output: unknown): boolean {
  switch (call.name) {
    case 'Equals':
      return outputText(output) === textParam(call.params);
    case 'NotEquals':
      return outputText(output) !== textParam(call.params);
    case 'WithIn':
      return listParam(call.params).includes(outputText(output));
    case 'JsonKeyExists': {
      const json = outputJson(output);
      return json !== null && listParam(call.params).every((key) => lookup(json, key).found);
    }
    case 'JsonKeyNotEmpty': {
      const json = outputJson(output);
      if (!json) return false;
      const entry = lookup(json, textParam(call.params));
      return entry.found && !isEmptyValue(entry.value);
    }
    case 'FileNotExist': {
      const name = textParam(call.params);
      return !outputFiles(output).some((file) => file === name || lastSegment(file) === name);
    }
    default:
      return false;
  }
}

/**
 * The target a branch takes for an output: the target of the first rule (in order) whose validator
 * passes, else `defaultTarget` (the target of the gateway's default flow), else null.
 */
export function chooseRoute(
  branch: BranchDescriptor,
  output: unknown,
  defaultTarget?: string,
): string | null {
  const rule = branch.branches.find((b) => evaluateValidator(b.validator, output));
  if (rule) return rule.target_node.trim();
  return defaultTarget ?? null;
}

export interface Routes {
  /** The route variables to set when completing the node: variable name → chosen target id. */
  variables: Record<string, string>;
  /** Branch gateways after the node for which nothing was chosen (the task must fail instead). */
  unrouted: string[];
}

/**
 * The route variables the worker sets when it completes agent node `nodeId` with `output`: one per
 * branch gateway the node leads to (`graph` as `compileWorkflow` returns it).
 */
export function routesAfter(graph: AgentGraph, nodeId: string, output: unknown): Routes {
  const routes: Routes = { variables: {}, unrouted: [] };
  const node = graph.nodes.find((n) => n.id === nodeId);
  for (const nextId of new Set(node?.next ?? [])) {
    const next = graph.nodes.find((n) => n.id === nextId);
    if (next?.kind !== 'branch') continue;
    const target = chooseRoute(next.branch, output, next.defaultTarget);
    if (target === null) routes.unrouted.push(next.id);
    else routes.variables[routeVariable(next.id)] = target;
  }
  return routes;
}
