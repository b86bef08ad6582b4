// The research assistant's jobs (spec §1: "antibody de novo design, humanization, epitope prediction,
// structure prediction, risk-site analysis") and the seeded workflows that run them. The planner of
// @platform/llm picks a job, the workflow service starts the workflow with this key as a mission, and
// the seed creates the workflows under these keys, so the three never drift apart.
import type { BilingualText, Language } from '../common/language';

/** The five jobs the assistant recognises and starts as missions. */
export const ASSISTANT_JOBS = [
  'denovo',
  'humanization',
  'epitope',
  'structure',
  'liabilities',
] as const;
export type AssistantJob = (typeof ASSISTANT_JOBS)[number];

/** Key (BPMN process id) of the seeded workflow that runs each job. */
export const SEEDED_WORKFLOWS = {
  denovo: 'antibody_denovo',
  humanization: 'antibody_humanization',
  epitope: 'epitope_prediction',
  structure: 'structure_prediction',
  liabilities: 'risk_site_analysis',
} as const satisfies Record<AssistantJob, string>;
export type SeededWorkflowKey = (typeof SEEDED_WORKFLOWS)[AssistantJob];

/** The job's name as the assistant and the mission card show it. */
export const ASSISTANT_JOB_NAMES: Record<AssistantJob, BilingualText> = {
  denovo: { zh: '抗体从头设计', en: 'antibody de novo design' },
  humanization: { zh: '抗体人源化', en: 'antibody humanization' },
  epitope: { zh: '表位预测', en: 'epitope prediction' },
  structure: { zh: '结构预测', en: 'structure prediction' },
  liabilities: { zh: '风险位点分析', en: 'risk-site (liability) analysis' },
};

/**
 * The job's name standing on its own — a mission's name, a card's title, an item of a list: the
 * English name (written for the middle of a sentence) with a capital first letter.
 */
export function assistantJobTitle(job: AssistantJob, lang: Language): string {
  const name = ASSISTANT_JOB_NAMES[job][lang];
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** The job a seeded workflow key runs, or undefined for any other workflow. */
export function jobOfWorkflowKey(key: string): AssistantJob | undefined {
  return ASSISTANT_JOBS.find((job) => SEEDED_WORKFLOWS[job] === key);
}
