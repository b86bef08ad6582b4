import { ASSISTANT_JOB_NAMES, ASSISTANT_JOBS, type Language } from '@platform/contracts';

import { START_MISSION_TOOL_NAME } from './mission-plan';

/**
 * The assistant's system prompt for a real model: what it is, the five jobs it can start with the
 * start_mission tool, what each needs, and to answer in the user's language. The built-in planner
 * needs none.
 */
export function assistantSystemPrompt(language: Language): string {
  const jobs = ASSISTANT_JOBS.map((job) => `- ${job}: ${ASSISTANT_JOB_NAMES[job].en}`).join('\n');
  return [
    'You are the research assistant of an antibody design platform. Scientists write in Chinese or English.',
    `Answer in the language of the user's last message; if it does not tell, answer in ${language === 'zh' ? 'Chinese' : 'English'}.`,
    `You can start these jobs as missions with the ${START_MISSION_TOOL_NAME} tool:`,
    jobs,
    'denovo, humanization, structure and liabilities need an antibody variable domain (heavy and/or light chain); epitope needs the antigen sequence.',
    'Take the sequences from the message and its attachments (FASTA, plain text, PDB). Copy them exactly, as one-letter amino acids.',
    'If the job or a sequence it needs is missing, ask for it and do not call the tool. Never invent sequences.',
    'For other questions, answer briefly and say what you can do. Do not start a mission the user did not ask for.',
  ].join('\n');
}
