import { engineGateProblems, type GateElement, renderMessage } from '@platform/contracts';
import { Linter, RuleDefinition, RuleReporter } from 'bpmnlint';

import { checkExpressionText } from '../expressions/juel-expressions';
import { flowIndex, ModdleElement } from './bpmn-model';

// The engine runs a subset of BPMN. bpmn-engine 25 / bpmn-elements 17 get some shapes wrong
// (inclusive joins, parallel joins behind exclusive gateways) and user scripts must not run in the
// engine process, so these rules refuse such diagrams at deploy time, naming the element; after
// them, the engine gate shared with the platform refuses whatever is not on its allow-list.

export type LintCode =
  | 'UNSUPPORTED_ELEMENT'
  | 'SCRIPT_NOT_ALLOWED'
  | 'UNSUPPORTED_EXTENSION'
  | 'INVALID_EXPRESSION'
  | 'PARALLEL_JOIN_AFTER_EXCLUSIVE'
  | 'ONE_EXECUTABLE_PROCESS'
  | 'INVALID_REFERENCE'
  | 'NOT_ALLOWED';

export interface LintProblem {
  elementId: string;
  code: LintCode;
  message: string;
  messageZh: string;
}

type Check = (node: ModdleElement, report: (p: Omit<LintProblem, 'elementId'>) => void) => void;

const UNSUPPORTED_TYPES: Record<string, string> = {
  'bpmn:InclusiveGateway': '包容网关',
  'bpmn:ComplexGateway': '复杂网关',
  'bpmn:CallActivity': '调用活动',
  'bpmn:Transaction': '事务子流程',
  'bpmn:AdHocSubProcess': '特设子流程',
};

const UNSUPPORTED_EVENTS: Record<string, string> = {
  'bpmn:SignalEventDefinition': '信号事件',
  'bpmn:EscalationEventDefinition': '升级事件',
  'bpmn:CompensateEventDefinition': '补偿事件',
  'bpmn:ConditionalEventDefinition': '条件事件',
  'bpmn:LinkEventDefinition': '链接事件',
  'bpmn:CancelEventDefinition': '取消事件',
};

const EXTERNAL_ONLY = new Set(['bpmn:ServiceTask', 'bpmn:SendTask', 'bpmn:BusinessRuleTask']);

const supportedElements: Check = (node, report) => {
  const label = describe(node);
  if (UNSUPPORTED_TYPES[node.$type]) {
    report({
      code: 'UNSUPPORTED_ELEMENT',
      message: `${label} is not supported by the embedded engine`,
      messageZh: `嵌入式引擎不支持${UNSUPPORTED_TYPES[node.$type]} ${node.id}`,
    });
  }
  if (EXTERNAL_ONLY.has(node.$type) && attr(node, 'type') !== 'external') {
    report({
      code: 'UNSUPPORTED_ELEMENT',
      message: `${label} must be an external task (camunda:type="external" with a topic)`,
      messageZh: `${node.id} 必须是外部任务（camunda:type="external" 并指定 topic）`,
    });
  }
  for (const def of (node.eventDefinitions as ModdleElement[] | undefined) ?? []) {
    checkEventDefinition(node, def, label, report);
  }
};

function checkEventDefinition(
  node: ModdleElement,
  def: ModdleElement,
  label: string,
  report: (p: Omit<LintProblem, 'elementId'>) => void,
): void {
  if (UNSUPPORTED_EVENTS[def.$type]) {
    report({
      code: 'UNSUPPORTED_ELEMENT',
      message: `${label} uses ${def.$type}, which is not supported`,
      messageZh: `${node.id} 使用了不支持的${UNSUPPORTED_EVENTS[def.$type]}`,
    });
  }
  const isThrow = node.$type === 'bpmn:IntermediateThrowEvent' || node.$type === 'bpmn:EndEvent';
  if (isThrow && def.$type === 'bpmn:MessageEventDefinition') {
    report({
      code: 'UNSUPPORTED_ELEMENT',
      message: `${label} throws a message, which is not supported; use an external task`,
      messageZh: `${node.id} 发送消息不受支持，请改用外部任务`,
    });
  }
  if (node.$type === 'bpmn:StartEvent' && def.$type === 'bpmn:TimerEventDefinition') {
    report({
      code: 'UNSUPPORTED_ELEMENT',
      message: `${label} is a timer start event, which is not supported`,
      messageZh: `${node.id} 是定时启动事件，不受支持`,
    });
  }
}

const noScripts: Check = (node, report) => {
  const label = describe(node);
  const isScriptCondition =
    node.$type === 'bpmn:FormalExpression' && Boolean(node.language) && node.$parent;
  if (node.$type === 'bpmn:ScriptTask' || node.$type === 'camunda:Script' || isScriptCondition) {
    const owner = isScriptCondition ? describe(node.$parent!) : label;
    report({
      code: 'SCRIPT_NOT_ALLOWED',
      message: `${owner} contains a script; scripts are not allowed, use an external task`,
      messageZh: `${ownerId(node)} 包含脚本；不允许使用脚本，请改用外部任务`,
    });
  }
};

const UNSUPPORTED_EXTENSIONS = new Set([
  'camunda:ExecutionListener',
  'camunda:TaskListener',
  'camunda:InputOutput',
  'camunda:In',
  'camunda:Out',
  'camunda:Connector',
]);

const supportedExtensions: Check = (node, report) => {
  if (!UNSUPPORTED_EXTENSIONS.has(node.$type)) return;
  report({
    code: 'UNSUPPORTED_EXTENSION',
    message: `${describe(ownerElement(node))} uses ${node.$type}, which the embedded engine does not run`,
    messageZh: `${ownerId(node)} 使用了嵌入式引擎不支持的 ${node.$type}`,
  });
};

const EXPRESSION_ATTRS = ['collection', 'assignee', 'candidateUsers', 'candidateGroups', 'dueDate'];

const validExpressions: Check = (node, report) => {
  const texts: string[] = [];
  if (node.$type === 'bpmn:FormalExpression' && !node.language && typeof node.body === 'string') {
    texts.push(node.body);
  }
  for (const name of EXPRESSION_ATTRS) {
    const value = attr(node, name);
    if (value) texts.push(value);
  }
  for (const text of texts) {
    const problem = checkExpressionText(text);
    if (problem) {
      report({
        code: 'INVALID_EXPRESSION',
        message: `${describe(ownerElement(node))}: ${problem}`,
        messageZh: `${ownerId(node)} 的表达式无法求值：${problem}`,
      });
    }
  }
};

const parallelJoin: Check = (node, report) => {
  if (node.$type !== 'bpmn:ParallelGateway' || !node.$parent) return;
  const index = flowIndex(node.$parent);
  const incoming = index.incoming.get(node) ?? [];
  if (incoming.length < 2) return;
  const culprit = findConditionalUpstream(incoming, index.incoming);
  if (!culprit) return;
  report({
    code: 'PARALLEL_JOIN_AFTER_EXCLUSIVE',
    message:
      `${describe(node)} joins branches that pass ${describe(culprit)}; the embedded engine ` +
      'would fire this join early. Join those branches with an exclusive gateway first, or ' +
      'move the choice out of the parallel block',
    messageZh:
      `并行汇聚网关 ${node.id} 的分支经过 ${culprit.id}（排他/事件选择），嵌入式引擎会提前触发汇聚；` +
      '请调整模型，把条件分支移出并行块',
  });
};

/**
 * Walks upstream from a parallel join to the fork (or a start event); any exclusive choice,
 * boundary event or conditional flow on the way can send the "discard" that makes
 * bpmn-elements 17 fire the join early (bpmn-engine issue 200).
 */
function findConditionalUpstream(
  incoming: ModdleElement[],
  incomingOf: Map<ModdleElement, ModdleElement[]>,
): ModdleElement | null {
  const seen = new Set<ModdleElement>();
  const queue = [...incoming];
  while (queue.length) {
    const flow = queue.shift()!;
    if (flow.conditionExpression) return (flow.sourceRef as ModdleElement) ?? flow;
    const source = flow.sourceRef as ModdleElement | undefined;
    if (!source || seen.has(source)) continue;
    seen.add(source);
    if (isChoice(source)) return source;
    if (source.$type === 'bpmn:ParallelGateway' || source.$type === 'bpmn:StartEvent') continue;
    const attachedTo = source.attachedToRef as ModdleElement | undefined;
    queue.push(
      ...(incomingOf.get(source) ?? []),
      ...(attachedTo ? (incomingOf.get(attachedTo) ?? []) : []),
    );
  }
  return null;
}

function isChoice(node: ModdleElement): boolean {
  return (
    node.$type === 'bpmn:ExclusiveGateway' ||
    node.$type === 'bpmn:EventBasedGateway' ||
    node.$type === 'bpmn:InclusiveGateway' ||
    node.$type === 'bpmn:BoundaryEvent'
  );
}

const oneExecutableProcess: Check = (node, report) => {
  if (node.$type !== 'bpmn:Definitions') return;
  const processes = ((node.rootElements as ModdleElement[] | undefined) ?? []).filter(
    (e) => e.$type === 'bpmn:Process' && e.isExecutable,
  );
  if (processes.length === 1) return;
  report({
    code: 'ONE_EXECUTABLE_PROCESS',
    message: `a resource must contain exactly one executable process, found ${processes.length}`,
    messageZh: `每个资源必须且只能包含一个可执行流程，实际为 ${processes.length} 个`,
  });
};

const RULES: Record<string, Check> = {
  'supported-elements': supportedElements,
  'no-scripts': noScripts,
  'supported-extensions': supportedExtensions,
  'valid-expressions': validExpressions,
  'parallel-join': parallelJoin,
  'one-executable-process': oneExecutableProcess,
};

function toRule(check: Check): () => RuleDefinition {
  return () => ({
    check(node: unknown, reporter: RuleReporter) {
      const element = node as ModdleElement;
      check(element, (problem) =>
        reporter.report(ownerId(element), problem.message, { ...problem }),
      );
    },
  });
}

const linter = new Linter({
  config: {
    rules: Object.fromEntries(Object.keys(RULES).map((name) => [`platform/${name}`, 'error'])),
  },
  resolver: {
    resolveRule: (_pkg, ruleName) => toRule(RULES[ruleName]),
    resolveConfig: () => ({}),
  },
});

/**
 * The engine gate (contracts engine-gate.ts, issue 25): the allow-list every platform deployment
 * passes at save and deploy, checked here again so nothing that runs code (a listener, a class, an
 * expression outside a condition's grammar, a timer start) reaches this engine by its REST API.
 * The 'engine' profile also lets through what the conformance suite runs (messages, errors,
 * sub-processes), and any literal topic.
 */
function gateProblems(definitions: ModdleElement): LintProblem[] {
  return engineGateProblems(definitions as unknown as GateElement, { profile: 'engine' }).map(
    (problem) => ({
      elementId: problem.elementId,
      code: 'NOT_ALLOWED',
      message: renderMessage(problem.key, 'en', problem.params),
      messageZh: renderMessage(problem.key, 'zh', problem.params),
    }),
  );
}

/** Lints a parsed definitions root; returns every problem, each naming its element. */
export async function lintBpmn(definitions: ModdleElement): Promise<LintProblem[]> {
  const results = await linter.lint(definitions);
  const problems: LintProblem[] = [];
  for (const reports of Object.values(results)) {
    for (const r of reports) {
      problems.push({
        elementId: r.id ?? '',
        code: (r.code as LintCode) ?? 'UNSUPPORTED_ELEMENT',
        message: r.message,
        messageZh: (r.messageZh as string) ?? r.message,
      });
    }
  }
  return [...problems, ...gateProblems(definitions)];
}

function attr(node: ModdleElement, name: string): string | undefined {
  const value = node[name] ?? node.$attrs?.[`camunda:${name}`];
  return typeof value === 'string' ? value : undefined;
}

function ownerElement(node: ModdleElement): ModdleElement {
  let current: ModdleElement | undefined = node;
  while (current && !current.id) current = current.$parent;
  return current ?? node;
}

function ownerId(node: ModdleElement): string {
  return ownerElement(node).id ?? '';
}

function describe(node: ModdleElement): string {
  const name = node.name ? ` "${node.name}"` : '';
  return `${node.$type} '${node.id ?? '?'}'${name}`;
}
