// The expression grammar the engine gate lets through (issue 25). Operaton evaluates JUEL with full
// Java reflection, so `${''.getClass().forName(...)}` runs code on the engine host; the gate accepts
// only this small, side-effect-free subset, where the platform puts expressions (sequence-flow
// conditions, including the compiled branch routing `${route_x == 'target'}`):
//
//   template   := "${" expression "}"                  (nothing else around it; no "#{")
//   expression := or
//   or         := and (("||" | "or") and)*
//   and        := equality (("&&" | "and") equality)*
//   equality   := relation (("==" | "!=" | "eq" | "ne") relation)*
//   relation   := unary (("<" | ">" | "<=" | ">=" | "lt" | "gt" | "le" | "ge") unary)*
//   unary      := ("!" | "not" | "empty" | "-") unary | primary
//   primary    := variable | number | string | "true" | "false" | "null" | "(" expression ")"
//
// A variable is a bare identifier: no property access (`a.b`), no brackets, no calls, and none of
// the names Operaton resolves to engine objects (`execution`, `task`, …). Why not a library: the
// maintained JS expression parsers (jsep, the engine's) accept far more (calls, members, arrays),
// so the subset would still need a walk over their tree; a tokenizer and a recursive descent for
// this grammar is shorter, and what it does not know it refuses.

/** Why a text is not an allowed expression: the offending token and its 1-based position. */
export interface ExpressionRefusal {
  token: string;
  position: number;
}

type TokenKind = 'name' | 'number' | 'string' | 'operator' | 'open' | 'close' | 'end';

interface Token {
  kind: TokenKind;
  text: string;
  /** 0-based offset in the whole text (the "${" included). */
  at: number;
}

/** Names Operaton's resolvers turn into engine objects, whose methods a template could reach. */
const ENGINE_OBJECTS = new Set([
  'execution',
  'task',
  'externalTask',
  'caseExecution',
  'variableScope',
  'authenticatedUserId',
  'processEngine',
  'processEngineServices',
  'applicationContext',
  'environment',
  'content',
]);

const WORD_OPERATORS = new Set(['and', 'or', 'not', 'empty', 'eq', 'ne', 'lt', 'gt', 'le', 'ge']);
const LITERAL_WORDS = new Set(['true', 'false', 'null']);
/** JUEL's other reserved words: none of them is part of the grammar. */
const RESERVED = new Set(['div', 'mod', 'instanceof']);
const SYMBOLS = ['==', '!=', '<=', '>=', '&&', '||', '<', '>', '!', '-'];
const OR = new Set(['||', 'or']);
const AND = new Set(['&&', 'and']);
const EQUALITY = new Set(['==', '!=', 'eq', 'ne']);
const RELATION = new Set(['<', '>', '<=', '>=', 'lt', 'gt', 'le', 'ge']);
const UNARY = new Set(['!', 'not', 'empty', '-']);

class Refused extends Error {
  constructor(readonly token: Token | { text: string; at: number }) {
    super('refused');
  }
}

/** True when the text holds something JUEL would evaluate (`${` or `#{`). */
export function containsExpression(text: string): boolean {
  return text.includes('${') || text.includes('#{');
}

/**
 * Checks that `text` is exactly one `${…}` in the allowed grammar. Answers null when it is, else
 * the first token that is not allowed.
 */
export function checkEngineExpression(text: string): ExpressionRefusal | null {
  try {
    const tokens = tokenize(text);
    new Parser(tokens).template();
    return null;
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    return { token: error.token.text || 'end', position: error.token.at + 1 };
  }
}

function tokenize(text: string): Token[] {
  const start = text.search(/\S/);
  if (start < 0 || !text.startsWith('${', start)) {
    throw new Refused({ text: text.slice(Math.max(start, 0), start + 2), at: Math.max(start, 0) });
  }
  const tokens: Token[] = [];
  let i = start + 2;
  while (i < text.length) {
    const rest = text.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    const token = readToken(rest, i);
    tokens.push(token);
    i += token.text.length;
    if (token.text === '}') break;
  }
  if (text.slice(i).trim() !== '') throw new Refused({ text: text.slice(i).trim(), at: i });
  tokens.push({ kind: 'end', text: '', at: text.length });
  return tokens;
}

function readToken(rest: string, at: number): Token {
  const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
  if (name) return { kind: 'name', text: name[0], at };
  const number = /^\d+(\.\d+)?([eE][+-]?\d+)?/.exec(rest);
  if (number) return { kind: 'number', text: number[0], at };
  const string = /^'(?:[^'\\]|\\['"\\])*'|^"(?:[^"\\]|\\['"\\])*"/.exec(rest);
  if (string) return { kind: 'string', text: string[0], at };
  if (rest[0] === '(') return { kind: 'open', text: '(', at };
  if (rest[0] === ')') return { kind: 'close', text: ')', at };
  if (rest[0] === '}') return { kind: 'close', text: '}', at };
  const symbol = SYMBOLS.find((s) => rest.startsWith(s));
  if (symbol) return { kind: 'operator', text: symbol, at };
  throw new Refused({ text: rest[0], at });
}

/** Recursive descent over the tokens; refuses at the first token the grammar has no place for. */
class Parser {
  private index = 0;

  constructor(private readonly tokens: Token[]) {}

  template(): void {
    this.expression();
    this.expect('}');
    if (this.peek().kind !== 'end') throw new Refused(this.peek());
  }

  private expression(): void {
    this.binary(OR, () => this.binary(AND, () => this.equality()));
  }

  private equality(): void {
    this.binary(EQUALITY, () => this.binary(RELATION, () => this.unary()));
  }

  private binary(operators: Set<string>, operand: () => void): void {
    operand();
    while (operators.has(this.peek().text) && this.isOperator(this.peek())) {
      this.index++;
      operand();
    }
  }

  private unary(): void {
    const token = this.peek();
    if (UNARY.has(token.text) && this.isOperator(token)) {
      this.index++;
      this.unary();
      return;
    }
    this.primary();
  }

  private primary(): void {
    const token = this.next();
    if (token.kind === 'open' && token.text === '(') {
      this.expression();
      this.expect(')');
      return;
    }
    if (token.kind === 'number' || token.kind === 'string') return;
    if (token.kind === 'name' && this.isValue(token)) {
      // A variable stands alone: `a.b`, `a[0]` and `a(…)` never tokenize or parse after it.
      if (this.peek().kind === 'open') throw new Refused(this.peek());
      return;
    }
    throw new Refused(token);
  }

  private isValue(token: Token): boolean {
    if (LITERAL_WORDS.has(token.text)) return true;
    return (
      !WORD_OPERATORS.has(token.text) &&
      !RESERVED.has(token.text) &&
      !ENGINE_OBJECTS.has(token.text)
    );
  }

  private isOperator(token: Token): boolean {
    return token.kind === 'operator' || token.kind === 'name';
  }

  private expect(text: string): void {
    const token = this.next();
    if (token.text !== text) throw new Refused(token);
  }

  private peek(): Token {
    return this.tokens[this.index];
  }

  private next(): Token {
    return this.tokens[Math.min(this.index++, this.tokens.length - 1)];
  }
}
