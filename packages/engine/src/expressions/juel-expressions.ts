import jsep from 'jsep';

// JUEL-style expressions (`${score > 0.8 && status == 'OK'}`) parsed by jsep and evaluated by walking
// the tree: nothing a user writes reaches eval/new Function. bpmn-elements' own handler only resolves
// property paths, so a comparison would silently resolve falsy there.

jsep.addBinaryOp('and', 2);
jsep.addBinaryOp('or', 1);
jsep.addBinaryOp('eq', 6);
jsep.addBinaryOp('ne', 6);
jsep.addBinaryOp('lt', 7);
jsep.addBinaryOp('gt', 7);
jsep.addBinaryOp('le', 7);
jsep.addBinaryOp('ge', 7);
jsep.addBinaryOp('div', 10);
jsep.addBinaryOp('mod', 10);
jsep.addUnaryOp('not');
jsep.addUnaryOp('empty');

type Node = jsep.Expression;

const TEMPLATE = /[$#]\{([^}]*)\}/g;
const WHOLE = /^\s*[$#]\{([^}]*)\}\s*$/;
/** Roots that belong to bpmn-elements' own expressions (`${environment.variables.x}`, `${content.id}`). */
const ENGINE_ROOTS = new Set(['environment', 'content', 'properties', 'fields']);
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const SUPPORTED_NODES = new Set([
  'Identifier',
  'Literal',
  'MemberExpression',
  'UnaryExpression',
  'BinaryExpression',
  'ConditionalExpression',
]);

export class ExpressionError extends Error {}

const astCache = new Map<string, Node>();

/** Parses the body of one `${...}`; throws ExpressionError naming the construct it cannot evaluate. */
export function parseJuel(body: string): Node {
  const cached = astCache.get(body);
  if (cached) return cached;
  let ast: Node;
  try {
    ast = jsep(body);
  } catch (err) {
    throw new ExpressionError(`cannot parse expression \${${body}}: ${(err as Error).message}`);
  }
  assertSupported(ast, body);
  if (astCache.size > 5000) astCache.clear();
  astCache.set(body, ast);
  return ast;
}

function assertSupported(node: Node, body: string): void {
  if (!SUPPORTED_NODES.has(node.type)) {
    throw new ExpressionError(`unsupported construct ${node.type} in expression \${${body}}`);
  }
  for (const key of ['left', 'right', 'argument', 'object', 'test', 'consequent', 'alternate']) {
    const child = node[key];
    if (child && typeof child === 'object' && 'type' in child) assertSupported(child as Node, body);
  }
  if (node.type === 'MemberExpression' && node.computed)
    assertSupported(node.property as Node, body);
}

/** Checks every `${...}` in a text; returns the first problem or null. */
export function checkExpressionText(text: string): string | null {
  for (const match of text.matchAll(TEMPLATE)) {
    try {
      parseJuel(match[1]);
    } catch (err) {
      return (err as Error).message;
    }
  }
  return null;
}

export type Scope = (name: string) => unknown;

export function evaluateJuel(body: string, scope: Scope): unknown {
  return evaluate(parseJuel(body), scope);
}

function evaluate(node: Node, scope: Scope): unknown {
  switch (node.type) {
    case 'Literal':
      return node.value;
    case 'Identifier':
      return scope(node.name as string);
    case 'MemberExpression':
      return member(node, scope);
    case 'UnaryExpression':
      return unary(node.operator as string, evaluate(node.argument as Node, scope));
    case 'ConditionalExpression':
      return truthy(evaluate(node.test as Node, scope))
        ? evaluate(node.consequent as Node, scope)
        : evaluate(node.alternate as Node, scope);
    case 'BinaryExpression':
      return binary(node, scope);
    default:
      throw new ExpressionError(`unsupported construct ${node.type}`);
  }
}

function member(node: Node, scope: Scope): unknown {
  const target = evaluate(node.object as Node, scope);
  const property = node.property as Node;
  const key = node.computed ? evaluate(property, scope) : property.name;
  if (target === null || target === undefined) return null;
  const name = String(key);
  if (FORBIDDEN_KEYS.has(name)) throw new ExpressionError(`property '${name}' is not accessible`);
  if ((Array.isArray(target) || typeof target === 'string') && name === 'length') {
    return target.length;
  }
  if (typeof target !== 'object' || !Object.prototype.hasOwnProperty.call(target, name))
    return null;
  return (target as Record<string, unknown>)[name];
}

function unary(operator: string, value: unknown): unknown {
  switch (operator) {
    case '!':
    case 'not':
      return !truthy(value);
    case '-':
      return -toNumber(value);
    case '+':
      return toNumber(value);
    case 'empty':
      return isEmpty(value);
    default:
      throw new ExpressionError(`unsupported operator ${operator}`);
  }
}

function binary(node: Node, scope: Scope): unknown {
  const operator = node.operator as string;
  const left = evaluate(node.left as Node, scope);
  if (operator === '&&' || operator === 'and') {
    return truthy(left) && truthy(evaluate(node.right as Node, scope));
  }
  if (operator === '||' || operator === 'or') {
    return truthy(left) || truthy(evaluate(node.right as Node, scope));
  }
  return compute(operator, left, evaluate(node.right as Node, scope));
}

function compute(operator: string, left: unknown, right: unknown): unknown {
  switch (operator) {
    case '==':
    case '===':
    case 'eq':
      return looseEquals(left, right);
    case '!=':
    case '!==':
    case 'ne':
      return !looseEquals(left, right);
    case '<':
    case 'lt':
      return compare(left, right, (c) => c < 0);
    case '>':
    case 'gt':
      return compare(left, right, (c) => c > 0);
    case '<=':
    case 'le':
      return compare(left, right, (c) => c <= 0);
    case '>=':
    case 'ge':
      return compare(left, right, (c) => c >= 0);
    case '+':
      if (typeof left === 'string' && typeof right === 'string') return left + right;
      return toNumber(left) + toNumber(right);
    case '-':
      return toNumber(left) - toNumber(right);
    case '*':
      return toNumber(left) * toNumber(right);
    case '/':
    case 'div':
      return toNumber(left) / toNumber(right);
    case '%':
    case 'mod':
      return toNumber(left) % toNumber(right);
    default:
      throw new ExpressionError(`unsupported operator ${operator}`);
  }
}

function looseEquals(left: unknown, right: unknown): boolean {
  if (left === null || left === undefined || right === null || right === undefined) {
    return (left ?? null) === (right ?? null);
  }
  if (typeof left === 'number' || typeof right === 'number') {
    return toNumber(left) === toNumber(right);
  }
  if (typeof left === 'boolean' || typeof right === 'boolean')
    return truthy(left) === truthy(right);
  return left === right;
}

function compare(left: unknown, right: unknown, test: (c: number) => boolean): boolean {
  if (left === null || left === undefined || right === null || right === undefined) return false;
  if (typeof left === 'string' && typeof right === 'string') {
    return test(left < right ? -1 : left > right ? 1 : 0);
  }
  const diff = toNumber(left) - toNumber(right);
  return Number.isNaN(diff) ? false : test(diff);
}

function toNumber(value: unknown): number {
  if (value === null || value === undefined || value === '') return 0;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const n = Number(value);
  if (Number.isNaN(n)) throw new ExpressionError(`cannot coerce '${String(value)}' to a number`);
  return n;
}

function truthy(value: unknown): boolean {
  if (typeof value === 'string') return value === 'true';
  return Boolean(value);
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/** The expression handler contract of bpmn-elements' Environment. */
export interface ExpressionHandler {
  resolveExpression(template: string, context: unknown, fnContext?: unknown): unknown;
  isExpression(text: string): boolean;
  hasExpression(text: string): boolean;
}

interface EngineMessageContext {
  environment?: { variables?: Record<string, unknown> };
  content?: Record<string, unknown>;
}

/**
 * Wraps bpmn-elements' default handler: JUEL bodies are evaluated here against process variables
 * (then the message content, where a multi-instance element variable lives); bodies rooted at
 * `environment.`/`content.` keep the default behaviour.
 */
export function createJuelExpressions(fallback: ExpressionHandler): ExpressionHandler {
  return {
    isExpression: (text) => Boolean(text) && WHOLE.test(text),
    hasExpression: (text) => Boolean(text) && new RegExp(TEMPLATE.source).test(text),
    resolveExpression(template, context, fnContext) {
      if (typeof template !== 'string') return template;
      const ctx = (context ?? {}) as EngineMessageContext;
      const scope: Scope = (name) => lookup(ctx, name);
      const whole = WHOLE.exec(template);
      if (whole) return resolveBody(whole[1], template, scope, fallback, context, fnContext);
      return template.replace(TEMPLATE, (_m, body: string) => {
        const value = resolveBody(body, `\${${body}}`, scope, fallback, context, fnContext);
        return value === null || value === undefined ? '' : String(value);
      });
    },
  };
}

function resolveBody(
  body: string,
  template: string,
  scope: Scope,
  fallback: ExpressionHandler,
  context: unknown,
  fnContext: unknown,
): unknown {
  const root = /^\s*([A-Za-z_$][\w$]*)/.exec(body)?.[1];
  if (root && ENGINE_ROOTS.has(root))
    return fallback.resolveExpression(template, context, fnContext);
  return evaluateJuel(body, scope);
}

function lookup(ctx: EngineMessageContext, name: string): unknown {
  const variables = ctx.environment?.variables;
  if (variables && Object.prototype.hasOwnProperty.call(variables, name)) return variables[name];
  const content = ctx.content;
  if (content && Object.prototype.hasOwnProperty.call(content, name)) return content[name];
  return null;
}
