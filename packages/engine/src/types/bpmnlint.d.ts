// bpmnlint ships no type declarations; this covers the part of its API the engine uses.
declare module 'bpmnlint' {
  export interface LintReport {
    id?: string;
    message: string;
    category: string;
    [key: string]: unknown;
  }
  export interface RuleReporter {
    report(id: string | undefined, message: string, extra?: Record<string, unknown>): void;
  }
  export interface RuleDefinition {
    check(node: unknown, reporter: RuleReporter): void;
  }
  export interface Resolver {
    resolveRule(pkg: string, ruleName: string): () => RuleDefinition;
    resolveConfig(pkg: string, configName: string): unknown;
  }
  export class Linter {
    constructor(options: { config?: unknown; resolver: Resolver });
    lint(root: unknown): Promise<Record<string, LintReport[]>>;
  }
}
