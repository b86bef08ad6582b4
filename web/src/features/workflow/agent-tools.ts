import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { AGENT_TOOL_NAMES, AGENT_TOOLS, type AgentToolName } from '@platform/contracts';

// How the built-in tools an agent can call (AGENT_TOOLS in contracts) are shown: a label in the
// user's language followed by the stable name, which is what skills store.

const TOOL_LABELS: Record<AgentToolName, MessageDescriptor> = {
  [AGENT_TOOLS.number]: msg`Numbering and CDRs`,
  [AGENT_TOOLS.liabilities]: msg`Risk sites by region`,
  [AGENT_TOOLS.humanize]: msg`Humanization (CDR grafting)`,
  [AGENT_TOOLS.epitopes]: msg`Linear epitope prediction`,
  [AGENT_TOOLS.design]: msg`CDR library design`,
  [AGENT_TOOLS.structure]: msg`Structure prediction`,
};

/** A tool's label, e.g. "CDR library design (antibody.design)"; an unknown name is shown as it is. */
export function toolLabel(i18n: I18n, name: string): string {
  const label = TOOL_LABELS[name as AgentToolName];
  return label ? `${i18n._(label)} (${name})` : name;
}

/** The options of a tool picker, in AGENT_TOOLS order. */
export function toolOptions(i18n: I18n): { value: AgentToolName; label: string }[] {
  return AGENT_TOOL_NAMES.map((name) => ({ value: name, label: toolLabel(i18n, name) }));
}
