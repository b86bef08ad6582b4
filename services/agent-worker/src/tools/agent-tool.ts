import type {
  CdrName,
  LocalizedText,
  Scheme,
  StructurePredictorConfig,
  TargetGeneratorConfig,
} from '@platform/antibody';
import type { AgentToolName, Language, NodeRunOutputView } from '@platform/contracts';

import type { AgentInputs } from '../agents/agent-inputs';

/** What a tool is called with: the run's inputs, earlier outputs and the worker's settings. */
export interface ToolContext {
  language: Language;
  inputs: AgentInputs;
  previous: NodeRunOutputView[];
  structure: StructurePredictorConfig;
  /** External generator for design against a target; absent or without url: built-in only. */
  generator?: TargetGeneratorConfig;
  /** Aborted when the task's lock is lost (the work is no longer wanted). */
  signal: AbortSignal;
}

/**
 * Arguments a language model may give a tool; without them (deterministic runs) each tool takes the
 * sequences and options of the inputs and of earlier nodes.
 */
export interface ToolArgs {
  heavy?: string;
  light?: string;
  antigen?: string;
  scheme?: Scheme;
  count?: number;
  cdrs?: CdrName[];
  seed?: number;
  /** Design against a target: the epitope region, "120-140" (antigen positions from 1). */
  region?: string;
  /** Design against a target: VH/VL pairs (fv) or single-domain antibodies (vhh). */
  format?: 'fv' | 'vhh';
  /** Chain(s) of an attached structure that are the antigen ("A" or "A,B"). */
  chain?: string;
}

/** A tool's answer: a short summary in both languages and data a scientist's screen renders. */
export interface ToolResult {
  summary: LocalizedText;
  data: Record<string, unknown>;
}

export interface AgentTool {
  name: AgentToolName;
  /** The key its data has in the node's output (`humanize` for antibody.humanize). */
  key: string;
  /** For the language model: what it does and when to call it. */
  description: string;
  /** JSON Schema of ToolArgs it takes. */
  parameters: Record<string, unknown>;
  run(args: ToolArgs, context: ToolContext): Promise<ToolResult>;
}
