// The built-in tools an agent can call (issue 12): the antibody toolkit's jobs. A skill lists the
// tools it grants (wf_skill.tools); an agent may call the tools of its skills, the sandboxed functions
// of its skills (by function name) and, when a language model is configured, the model. Without a
// model, the agent worker runs its tools in the order its skills list them (deterministic).
//
// Tool names are stable: seeded skills and agents refer to them, and the worker's registry must
// implement every one (its tests walk this list).

export const AGENT_TOOLS = {
  /** Numbering and CDRs of antibody chains (IMGT / Kabat / Chothia). */
  number: 'antibody.number',
  /** Liabilities (risk sites) by region, and developability figures. */
  liabilities: 'antibody.liabilities',
  /** CDR grafting onto the closest human germline, with back-mutations and a humanness report. */
  humanize: 'antibody.humanize',
  /** Linear B-cell epitope scales on an antigen and the predicted regions. */
  epitopes: 'antibody.epitopes',
  /** A CDR library designed from a parental antibody, filtered by liabilities and humanness. */
  design: 'antibody.design',
  /** A structure from the configured predictor (a clear "not configured" result without one). */
  structure: 'antibody.structure',
} as const;

export type AgentToolName = (typeof AGENT_TOOLS)[keyof typeof AGENT_TOOLS];

export const AGENT_TOOL_NAMES: readonly AgentToolName[] = Object.values(AGENT_TOOLS);

export function isAgentTool(name: string): name is AgentToolName {
  return (AGENT_TOOL_NAMES as readonly string[]).includes(name);
}

/** The names of `names` that are not built-in tools (empty when every one is known). */
export function unknownAgentTools(names: readonly unknown[]): unknown[] {
  return names.filter((name) => typeof name !== 'string' || !isAgentTool(name));
}
