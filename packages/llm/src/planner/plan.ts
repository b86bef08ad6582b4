import { AntibodyError, type CdrName, prepareTarget, type Scheme } from '@platform/antibody';
import {
  type AssistantJob,
  assistantJobTitle,
  DEFAULT_LANGUAGE,
  type Language,
  SEEDED_WORKFLOWS,
} from '@platform/contracts';

import {
  fastaOf,
  type MissingInput,
  missingInput,
  type MissionPlan,
  type MissionPlanInputs,
  regionIn,
  START_MISSION_TOOL_NAME,
} from '../mission-plan';
import type { ChatMessage, UserMessage } from '../types';
import {
  detectLanguage,
  isDefinitionQuestion,
  isGreeting,
  isHelpQuestion,
  requestedJobs,
} from './intents';
import {
  askReply,
  capabilitiesReply,
  definitionReply,
  describeRead,
  NOTES,
  planReply,
  whichJobReply,
} from './replies';
import { findSequences, type ReadSequence, readSequence, withoutSequences } from './sequences';

/** What the planner asks for: an antibody, an antigen, or the other chain of a pair. */
export type AskFor = MissingInput | 'heavy' | 'light';

export type PlannerOutcome =
  | {
      kind: 'plan';
      language: Language;
      reply: string;
      /** The first of `plans`. */
      plan: MissionPlan;
      /** One mission per job asked for, in the order the request names them. */
      plans: MissionPlan[];
    }
  | {
      kind: 'ask';
      language: Language;
      reply: string;
      /** The job that lacks an input; `jobs`: every job asked for. */
      job: AssistantJob;
      jobs: AssistantJob[];
      missing: AskFor;
    }
  | {
      kind: 'answer';
      language: Language;
      reply: string;
      topic: 'capabilities' | 'greeting' | 'unrelated' | 'definition' | 'which_job';
      job?: AssistantJob;
    };

export interface PlanOptions {
  /** The user's language when the messages do not tell (a bare sequence). Default zh. */
  language?: Language;
  /** Whether the caller offered the start_mission tool (the reply says "starting" only then). */
  canStart?: boolean;
}

/**
 * The user's messages since the last mission was started: a request and the sequences for it may
 * come in separate messages ("humanize this" … "EVQL…").
 */
function pendingUserMessages(messages: readonly ChatMessage[]): UserMessage[] {
  let from = 0;
  for (const [i, m] of messages.entries()) {
    if (m.role === 'assistant' && m.toolCalls?.some((c) => c.name === START_MISSION_TOOL_NAME)) {
      from = i + 1;
    }
  }
  return messages.slice(from).filter((m): m is UserMessage => m.role === 'user');
}

interface Parsed {
  message: UserMessage;
  text: string;
  reads: ReadSequence[];
}

function parse(message: UserMessage): Parsed {
  return {
    message,
    text: withoutSequences(message.content),
    reads: findSequences(message.content, message.attachments ?? []).map(readSequence),
  };
}

function schemeOf(text: string): Scheme | undefined {
  const m = /\b(imgt|kabat|chothia)\b/i.exec(text);
  return m ? (m[1].toLowerCase() as Scheme) : undefined;
}

function countOf(text: string): number | undefined {
  const m =
    /(\d{1,4})\s*(?:variants?|designs?|sequences?|candidates?|antibod(?:y|ies)|mutants?|个|条|种|组)/i.exec(
      text,
    );
  if (!m) return undefined;
  return Math.min(1000, Math.max(1, Number(m[1])));
}

function cdrsOf(text: string): CdrName[] | undefined {
  if (/\ball (?:three |3 |six |6 )?cdrs\b|所有\s*CDR|全部\s*CDR/i.test(text)) {
    return ['cdr1', 'cdr2', 'cdr3'];
  }
  const found = new Set<CdrName>();
  for (const m of text.matchAll(/CDR[- ]?(?:H|L)?([123])/gi)) found.add(`cdr${m[1]}` as CdrName);
  return found.size > 0 ? [...found].sort() : undefined;
}

interface Assignment {
  heavy?: ReadSequence;
  light?: ReadSequence;
  antigen?: ReadSequence;
  notes: string[];
}

/** Picks the heavy chain, light chain and antigen: numbering decides the chain, labels the antigen. */
function assign(
  reads: readonly ReadSequence[],
  job: AssistantJob | undefined,
  lang: Language,
): Assignment {
  const result: Assignment = { notes: [] };
  let unused = 0;
  for (const read of reads) {
    if (read.problem) {
      result.notes.push(NOTES.problem(read, lang));
      continue;
    }
    if (read.label === 'antigen' || read.kind === 'protein') {
      if (read.kind === 'protein' && (read.label === 'heavy' || read.label === 'light')) {
        result.notes.push(NOTES.notAntibody(read, lang));
      }
      if (!result.antigen) result.antigen = read;
      else unused += 1;
      continue;
    }
    const role = read.kind === 'heavy' ? 'heavy' : 'light';
    if (read.label && read.label !== role) result.notes.push(NOTES.labelMismatch(read, lang));
    if (!result[role]) result[role] = read;
    else unused += 1;
  }
  // Sequences the job does not take are counted as unused too.
  if (job === 'epitope') {
    unused += Number(Boolean(result.heavy)) + Number(Boolean(result.light));
  } else if (job && job !== 'denovo' && result.antigen && (result.heavy || result.light)) {
    unused += 1;
  }
  if (unused > 0 && job && !missingInput(job, inputsOf(result, job))) {
    result.notes.push(NOTES.unused(unused, lang));
  }
  return result;
}

function inputsOf(assignment: Assignment, job: AssistantJob): Partial<MissionPlanInputs> {
  if (job === 'epitope') return { antigen: assignment.antigen?.sequence };
  return {
    heavy: assignment.heavy?.sequence,
    light: assignment.light?.sequence,
    ...(job === 'denovo' && assignment.antigen ? { antigen: assignment.antigen.sequence } : {}),
  };
}

/**
 * The built-in planner: reads the conversation and decides, without any network, whether to start
 * one of the five seeded workflows (with the sequences found), to ask for what is missing, or to
 * answer. Deterministic: the same messages always give the same outcome.
 */
export function planConversation(
  messages: readonly ChatMessage[],
  options: PlanOptions = {},
): PlannerOutcome {
  const pending = pendingUserMessages(messages).map(parse);
  const latest = pending.at(-1) ?? parse({ role: 'user', content: '' });
  const language =
    [...pending]
      .reverse()
      .map((p) => detectLanguage(p.text))
      .find(Boolean) ??
    options.language ??
    DEFAULT_LANGUAGE;
  const hasSequences = latest.reads.length > 0;
  const latestJobs = requestedJobs(latest.text, hasSequences);

  // "What is an epitope?": a question about a job, not a request to run it.
  const asked = requestedJobs(latest.text, false)[0];
  if (asked && !hasSequences && isDefinitionQuestion(latest.text)) {
    return {
      kind: 'answer',
      language,
      reply: definitionReply(asked, language),
      topic: 'definition',
      job: asked,
    };
  }

  // A request and its sequences may come in separate messages: the newest jobs asked for, and the
  // sequences of the newest messages first.
  const older = pending.slice(0, -1).reverse();
  const jobs =
    latestJobs.length > 0
      ? latestJobs
      : hasSequences
        ? (older.map((p) => requestedJobs(p.text, true)).find((j) => j.length > 0) ?? [])
        : [];
  const job = jobs[0];
  if (!job) {
    if (hasSequences) {
      const { notes } = assign(latest.reads, undefined, language);
      return {
        kind: 'answer',
        language,
        reply: whichJobReply(latest.reads, notes, language),
        topic: 'which_job',
      };
    }
    const opening = isGreeting(latest.text)
      ? 'greeting'
      : isHelpQuestion(latest.text)
        ? 'help'
        : 'unrelated';
    return {
      kind: 'answer',
      language,
      reply: capabilitiesReply(language, opening),
      topic:
        opening === 'unrelated'
          ? 'unrelated'
          : opening === 'greeting'
            ? 'greeting'
            : 'capabilities',
    };
  }

  const reads = [latest, ...older].flatMap((p) => p.reads);
  const requestText = [...pending.map((p) => p.text)].filter(Boolean).join('\n');
  // With several jobs the sequences go to each job that takes them: none is "unused".
  const assignment = assign(reads, jobs.length === 1 ? job : undefined, language);
  for (const wanted of jobs) {
    const inputs = inputsOf(assignment, wanted);
    const missing =
      missingInput(wanted, inputs, requestText) ?? missingChain(wanted, inputs, requestText);
    if (missing) return askFor(wanted, jobs, missing, assignment.notes, reads, language);
  }
  const plans = jobs.map((wanted) =>
    planFor(wanted, inputsOf(assignment, wanted), pending, requestText, language),
  );
  const refused = refusedTarget(plans, requestText, jobs, language);
  if (refused) return refused;
  const lines: string[] = [];
  const all = { ...inputsOf(assignment, job), ...mergedInputs(plans) };
  const describeAs = jobs.includes('humanization') ? 'humanization' : job;
  if (all.heavy && assignment.heavy) {
    lines.push(describeRead(assignment.heavy, 'heavy', language, describeAs));
  }
  if (all.light && assignment.light) {
    lines.push(describeRead(assignment.light, 'light', language, describeAs));
  }
  if (all.antigen && assignment.antigen) {
    lines.push(describeRead(assignment.antigen, 'antigen', language));
  }
  const reply = planReply(
    {
      plans: plans.map((p) => ({ job: p.job, inputs: p.inputs, workflowKey: p.workflowKey })),
      lines,
      notes: assignment.notes,
      canStart: options.canStart ?? true,
    },
    language,
  );
  return { kind: 'plan', language, reply, plan: plans[0], plans };
}

// Words by which a request asks for the VH/VL pair: a job then needs both chains.
const PAIR_WORDS =
  /\b(?:sc)?fv\b|\bpair(?:ed|ing)?\b|\bheavy and light\b|\bboth chains\b|\bvh\s*(?:\/|and|&|\+)\s*vl\b|配对|重链和轻链|重轻链|两条链|双链/i;

/** The other chain, when the request asks for a pair and only one chain came. */
function missingChain(
  job: AssistantJob,
  inputs: Partial<MissionPlanInputs>,
  request: string,
): AskFor | undefined {
  if (job === 'epitope' || !PAIR_WORDS.test(request)) return undefined;
  if (inputs.heavy && !inputs.light) return 'light';
  if (inputs.light && !inputs.heavy) return 'heavy';
  return undefined;
}

/**
 * A design against a target is checked before it starts, as the workflow will check it (the
 * antigen's length and letters, the region inside it): a bad one is answered with the toolkit's
 * zh/en reason and starts nothing.
 */
function refusedTarget(
  plans: MissionPlan[],
  requestText: string,
  jobs: AssistantJob[],
  language: Language,
): PlannerOutcome | undefined {
  const target = plans.find((p) => p.job === 'denovo' && !p.inputs.heavy && !p.inputs.light);
  if (!target?.inputs.antigen) return undefined;
  try {
    prepareTarget({ sequence: target.inputs.antigen }, { region: regionIn(requestText) });
    return undefined;
  } catch (error) {
    if (!(error instanceof AntibodyError)) throw error;
    return {
      kind: 'ask',
      language,
      reply: `${error.text[language]}\n\n${NOTES.fixTarget(language)}`,
      job: 'denovo',
      jobs,
      missing: 'antigen',
    };
  }
}

function askFor(
  job: AssistantJob,
  jobs: AssistantJob[],
  missing: AskFor,
  assignmentNotes: string[],
  reads: ReadSequence[],
  language: Language,
): PlannerOutcome {
  const notes = [...assignmentNotes];
  const valid = reads.filter((r) => !r.problem);
  if (missing === 'antigen' && valid.length > 0) notes.push(NOTES.onlyAntibody(language));
  if (missing === 'antibody' && valid.length > 0) notes.push(NOTES.onlyProtein(language));
  // De novo design takes either input: say so, whichever is asked for.
  if (job === 'denovo') notes.push(NOTES.denovoTwoWays(language));
  return {
    kind: 'ask',
    language,
    reply: askReply(job, missing, notes, language),
    job,
    jobs,
    missing,
  };
}

function mergedInputs(plans: MissionPlan[]): Partial<MissionPlanInputs> {
  return Object.assign({}, ...plans.map((p) => p.inputs)) as Partial<MissionPlanInputs>;
}

/** The mission plan of one job: its inputs and the options the request gives. */
function planFor(
  job: AssistantJob,
  inputs: Partial<MissionPlanInputs>,
  pending: Parsed[],
  requestText: string,
  language: Language,
): MissionPlan {
  const planInputs: MissionPlanInputs = { request: requestText, fasta: fastaOf(inputs), ...inputs };
  const optionText = pending.map((p) => p.text).join('\n');
  const scheme = schemeOf(optionText);
  if (scheme && job !== 'epitope' && job !== 'structure') planInputs.scheme = scheme;
  if (job === 'denovo') {
    const count = countOf(optionText);
    const cdrs = cdrsOf(optionText);
    if (count) planInputs.count = count;
    if (cdrs) planInputs.cdrs = cdrs;
  }
  for (const key of ['heavy', 'light', 'antigen'] as const) {
    if (planInputs[key] === undefined) delete planInputs[key];
  }
  return {
    job,
    workflowKey: SEEDED_WORKFLOWS[job],
    language,
    name: assistantJobTitle(job, language),
    inputs: planInputs,
  };
}
