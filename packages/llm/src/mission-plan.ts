import { AntibodyError, type CdrName, cleanProteinSequence, type Scheme } from '@platform/antibody';
import {
  ASSISTANT_JOBS,
  type AssistantJob,
  assistantJobTitle,
  type Language,
  SEEDED_WORKFLOWS,
  type SeededWorkflowKey,
} from '@platform/contracts';

import type { ToolDefinition } from './types';

export const START_MISSION_TOOL_NAME = 'start_mission';

/** What a seeded workflow is started with (the mission's inputs). */
export interface MissionPlanInputs {
  /** What the user asked, without the pasted sequences. */
  request: string;
  /** The sequences as FASTA with headers >heavy, >light, >antigen. */
  fasta: string;
  /** Antibody heavy-chain variable domain (validated protein, upper case). */
  heavy?: string;
  /** Antibody light-chain (kappa or lambda) variable domain. */
  light?: string;
  /** Antigen protein sequence. */
  antigen?: string;
  /** Numbering scheme the user asked for (default IMGT). */
  scheme?: Scheme;
  /** De novo design: number of variants wanted. */
  count?: number;
  /** De novo design: CDRs to vary. */
  cdrs?: CdrName[];
}

/** A mission the assistant wants started: the arguments of the `start_mission` tool call. */
export interface MissionPlan {
  job: AssistantJob;
  workflowKey: SeededWorkflowKey;
  /** The user's language; the mission runs and reports in it. */
  language: Language;
  /** Mission name shown on the card. */
  name: string;
  inputs: MissionPlanInputs;
}

/** What a job cannot run without: an antibody chain (heavy or light) or an antigen. */
export type MissingInput = 'antibody' | 'antigen';

// Words by which a de novo design request names a target: the antigen is then what to ask for.
const TARGET_WORDS =
  /\bagainst\b|\btarget|\bvs\.?\s|\bbinders?\b|\bfor (?!me\b|us\b)|针对|靶向|靶点|抗原|结合/i;

/**
 * What a job cannot run without. De novo design runs from an antibody (a CDR library of it) or
 * from an antigen alone (design against the target); with neither, it asks for the antigen when the
 * request names a target ("against", "针对"), else for an antibody.
 */
export function missingInput(
  job: AssistantJob,
  inputs: Partial<MissionPlanInputs>,
  request = '',
): MissingInput | undefined {
  if (job === 'epitope') return inputs.antigen ? undefined : 'antigen';
  if (inputs.heavy || inputs.light) return undefined;
  if (job === 'denovo') {
    if (inputs.antigen) return undefined;
    return TARGET_WORDS.test(request) ? 'antigen' : 'antibody';
  }
  return 'antibody';
}

/**
 * The epitope region a design-against-a-target request names: "region 120-140", "residues
 * 120–140", "区域 120-140", "第 120-140 位"; as "start-end" (antigen positions from 1).
 */
export function regionIn(text: string): string | undefined {
  const m =
    /(?:\bregion|\bresidues?|\bepitope|\bpositions?|区域|区段|残基|表位|位点|第)\s*[:：=]?\s*(\d{1,5})\s*(?:-|–|~|～|到|至|\.\.|to)\s*(\d{1,5})/i.exec(
      text,
    );
  return m ? `${m[1]}-${m[2]}` : undefined;
}

/** FASTA of the inputs' sequences, heavy, light, antigen in that order. */
export function fastaOf(inputs: Pick<MissionPlanInputs, 'heavy' | 'light' | 'antigen'>): string {
  const records: string[] = [];
  for (const key of ['heavy', 'light', 'antigen'] as const) {
    const sequence = inputs[key];
    if (sequence) records.push(`>${key}\n${sequence.replace(/(.{60})/g, '$1\n').trim()}`);
  }
  return records.join('\n');
}

const SCHEMES: readonly Scheme[] = ['imgt', 'kabat', 'chothia'];
const CDRS: readonly CdrName[] = ['cdr1', 'cdr2', 'cdr3'];

/**
 * The `start_mission` tool, offered to the model (and honoured by the built-in planner). The
 * assistant checks every call with `parseMissionPlan` before starting anything.
 */
export const START_MISSION_TOOL: ToolDefinition = {
  name: START_MISSION_TOOL_NAME,
  description:
    "Start one of the platform's antibody workflows as a mission. Call it only when the user asked for one of the jobs and gave the sequences it needs: an antibody variable domain (heavy and/or light chain) for humanization, structure and liabilities; an antigen protein sequence for epitope; for denovo either an antibody (a CDR library of it) or only an antigen (design against that target: a ranked library of human antibodies aimed at an epitope). Otherwise ask the user for what is missing.",
  parameters: {
    type: 'object',
    properties: {
      job: {
        type: 'string',
        enum: [...ASSISTANT_JOBS],
        description:
          'denovo: antibody de novo design (CDR library from a starting antibody); humanization; epitope: epitope prediction on an antigen; structure: structure prediction; liabilities: risk-site (liability) analysis',
      },
      language: { type: 'string', enum: ['zh', 'en'], description: "The user's language" },
      inputs: {
        type: 'object',
        properties: {
          request: { type: 'string', description: 'What the user asked, in their words' },
          heavy: {
            type: 'string',
            description: 'Heavy-chain variable domain, one-letter amino acids',
          },
          light: {
            type: 'string',
            description: 'Light-chain variable domain, one-letter amino acids',
          },
          antigen: {
            type: 'string',
            description: 'Antigen protein sequence, one-letter amino acids',
          },
          scheme: {
            type: 'string',
            enum: [...SCHEMES],
            description: 'Numbering scheme, default imgt',
          },
          count: {
            type: 'integer',
            minimum: 1,
            maximum: 1000,
            description: 'denovo: variants wanted',
          },
          cdrs: {
            type: 'array',
            items: { type: 'string', enum: [...CDRS] },
            description: 'denovo: CDRs to vary, default cdr3',
          },
        },
        required: ['request'],
      },
    },
    required: ['job', 'inputs'],
  },
};

export type MissionPlanParse = { ok: true; plan: MissionPlan } | { ok: false; problems: string[] };

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * Checks the arguments of a `start_mission` call (from the planner or from a model): the job, the
 * sequences as protein, what the job needs. The workflow key always follows from the job, so a
 * model cannot start any other workflow. Problems are in English, to be answered to the model.
 */
export function parseMissionPlan(
  argumentsJson: string,
  fallbackLanguage: Language,
): MissionPlanParse {
  let parsed: unknown;
  try {
    parsed = JSON.parse(argumentsJson);
  } catch {
    return { ok: false, problems: ['the arguments are not valid JSON'] };
  }
  const args = record(parsed);
  if (!args) return { ok: false, problems: ['the arguments must be a JSON object'] };
  const problems: string[] = [];
  const job = ASSISTANT_JOBS.find((j) => j === args.job);
  if (!job) problems.push(`job must be one of ${ASSISTANT_JOBS.join(', ')}`);
  const rawInputs = record(args.inputs) ?? {};
  const language =
    args.language === 'zh' || args.language === 'en' ? args.language : fallbackLanguage;
  const inputs: MissionPlanInputs = {
    request: typeof rawInputs.request === 'string' ? rawInputs.request.slice(0, 2000) : '',
    fasta: '',
  };
  for (const key of ['heavy', 'light', 'antigen'] as const) {
    const value = rawInputs[key];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string') {
      problems.push(`inputs.${key} must be a string`);
      continue;
    }
    try {
      inputs[key] = cleanProteinSequence(value).sequence;
    } catch (err) {
      if (!(err instanceof AntibodyError)) throw err;
      problems.push(`inputs.${key}: ${err.text.en}`);
    }
  }
  if (rawInputs.scheme !== undefined) {
    const scheme = SCHEMES.find((s) => s === rawInputs.scheme);
    if (scheme) inputs.scheme = scheme;
    else problems.push(`inputs.scheme must be one of ${SCHEMES.join(', ')}`);
  }
  if (rawInputs.count !== undefined) {
    const count = rawInputs.count;
    if (typeof count === 'number' && Number.isInteger(count) && count >= 1 && count <= 1000) {
      inputs.count = count;
    } else {
      problems.push('inputs.count must be a whole number from 1 to 1000');
    }
  }
  if (rawInputs.cdrs !== undefined) {
    const cdrs = Array.isArray(rawInputs.cdrs) ? rawInputs.cdrs : [];
    const valid = CDRS.filter((c) => cdrs.includes(c));
    if (valid.length > 0 && valid.length === cdrs.length) inputs.cdrs = valid;
    else problems.push(`inputs.cdrs must list some of ${CDRS.join(', ')}`);
  }
  if (job) {
    const missing = missingInput(job, inputs);
    if (missing === 'antibody')
      problems.push(
        `${job} needs inputs.heavy or inputs.light${job === 'denovo' ? ' (or inputs.antigen to design against the target)' : ''}`,
      );
    if (missing === 'antigen') problems.push(`${job} needs inputs.antigen`);
  }
  if (!job || problems.length > 0) return { ok: false, problems };
  inputs.fasta = fastaOf(inputs);
  return {
    ok: true,
    plan: {
      job,
      workflowKey: SEEDED_WORKFLOWS[job],
      language,
      name: assistantJobTitle(job, language),
      inputs,
    },
  };
}
