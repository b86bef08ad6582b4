import type { CdrName, ChainType, LocalizedText, Scheme } from '@platform/antibody';
import type { MissionInputs, MissionStructure, NodeRunOutputView } from '@platform/contracts';
import {
  findSequences,
  type ReadSequence,
  readSequence,
  regionIn,
  withoutSequences,
} from '@platform/llm';

// What the tools of an agent take: the sequences of the mission's inputs (FASTA, labelled or bare
// sequences in its text and patch, or the assistant's JSON plan), the options the user wrote
// (scheme, variant count, CDRs, seed), and the chains an earlier node of the run produced (a
// humanization's humanized chains are what later nodes check).

/** An antibody variable domain a tool works on. */
export interface ChainInput {
  /** FASTA id or label as the user named it, else VH / VL (numbered when several). */
  id: string;
  /** heavy, or light for kappa and lambda. */
  label: 'heavy' | 'light';
  chainType: ChainType;
  sequence: string;
  /** Where it comes from: the inputs, or an earlier node's humanization. */
  source: 'input' | 'humanized';
  /** The chain it was humanized from (source humanized). */
  parental?: string;
}

export interface ProteinInput {
  id: string;
  sequence: string;
}

export interface AgentInputs {
  /** The mission's text as submitted. */
  text: string;
  /** The text without its sequences: what the user asked. */
  request: string;
  patch: string;
  files: string[];
  /** Antibody chains from the inputs (heavy first, then light, in input order). */
  chains: ChainInput[];
  /** Proteins that are not antibody domains (an antigen), in input order. */
  antigens: ProteinInput[];
  /** Sequences found but unusable (DNA, unknown letters), with the reason. */
  rejected: { name: string; problem: LocalizedText }[];
  scheme?: Scheme;
  count?: number;
  cdrs?: CdrName[];
  seed?: number;
  /** Design against a target: the region the user named ("120-140"). */
  region?: string;
  /** Design against a target: single-domain antibodies asked for. */
  format?: 'fv' | 'vhh';
  /** PDB files attached in the chat (atom records): structure-based epitopes and design. */
  structures: MissionStructure[];
  /** The structure's chain the user named ("chain A", "链 A"). */
  chain?: string;
}

interface PlanJson {
  request?: unknown;
  heavy?: unknown;
  light?: unknown;
  antigen?: unknown;
  scheme?: unknown;
  count?: unknown;
  cdrs?: unknown;
  fasta?: unknown;
}

const SCHEMES: readonly Scheme[] = ['imgt', 'kabat', 'chothia'];
const CDR_NAMES: readonly CdrName[] = ['cdr1', 'cdr2', 'cdr3'];

/** The mission's inputs read for the tools. */
export function readAgentInputs(inputs: MissionInputs): AgentInputs {
  const text = inputs.text ?? '';
  const patch = inputs.patch ?? '';
  const plan = planOf(text);
  const source = plan ? planText(plan) : text;
  const found = [
    ...findSequences(source).map(readSequence),
    ...(patch ? findSequences(patch).map(readSequence) : []),
  ];
  const chains: ChainInput[] = [];
  const antigens: ProteinInput[] = [];
  const rejected: AgentInputs['rejected'] = [];
  for (const read of found) {
    if (read.problem) {
      rejected.push({ name: read.name ?? read.source, problem: read.problem });
    } else if (read.kind === 'protein') {
      antigens.push({ id: read.name ?? `antigen${antigens.length + 1}`, sequence: read.sequence });
    } else {
      chains.push(chainOf(read));
    }
  }
  chains.sort((a, b) => Number(a.label === 'light') - Number(b.label === 'light'));
  nameChains(chains);
  const options = [plan ? String(plan.request ?? '') : text, patch].join('\n');
  return {
    text,
    request: plan ? String(plan.request ?? '') : withoutSequences(text),
    patch,
    files: inputs.files ?? [],
    chains,
    antigens,
    rejected,
    scheme: schemeOf(plan?.scheme) ?? schemeIn(options),
    count: countOf(plan?.count) ?? countIn(options),
    cdrs: cdrsOf(plan?.cdrs) ?? cdrsIn(options),
    seed: seedIn(options),
    region: regionIn(options),
    format: formatIn(options),
    structures: inputs.structures ?? [],
    chain: chainIn(options),
  };
}

/**
 * The chains the tools work on now: the humanized chains of the run's latest humanization, if an
 * earlier node humanized, else the inputs' chains.
 */
export function currentChains(inputs: AgentInputs, previous: NodeRunOutputView[]): ChainInput[] {
  for (const run of [...previous].reverse()) {
    const humanized = humanizedChains(run.outputs);
    if (humanized.length) return humanized;
  }
  return inputs.chains;
}

function humanizedChains(outputs: unknown): ChainInput[] {
  const chains = (record(record(outputs)?.humanize)?.chains ?? []) as unknown[];
  if (!Array.isArray(chains)) return [];
  return chains.flatMap((raw): ChainInput[] => {
    const c = record(raw);
    if (!c || typeof c.humanized !== 'string' || typeof c.chainType !== 'string') return [];
    const chainType = c.chainType as ChainType;
    return [
      {
        id: typeof c.id === 'string' ? c.id : chainType,
        label: chainType === 'heavy' ? 'heavy' : 'light',
        chainType,
        sequence: c.humanized,
        source: 'humanized',
        ...(typeof c.parental === 'string' ? { parental: c.parental } : {}),
      },
    ];
  });
}

function chainOf(read: ReadSequence): ChainInput {
  const chainType = read.kind as ChainType;
  return {
    id: read.name ?? '',
    label: chainType === 'heavy' ? 'heavy' : 'light',
    chainType,
    sequence: read.sequence,
    source: 'input',
  };
}

/** Unnamed chains become VH, VL (VH1, VH2 … when there are several of a kind). */
function nameChains(chains: ChainInput[]): void {
  for (const label of ['heavy', 'light'] as const) {
    const unnamed = chains.filter((c) => c.label === label && !c.id);
    const base = label === 'heavy' ? 'VH' : 'VL';
    unnamed.forEach((c, i) => (c.id = unnamed.length > 1 ? `${base}${i + 1}` : base));
  }
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The assistant's plan inputs as JSON text ({request, heavy, light, antigen, …}), if the text is one. */
function planOf(text: string): PlanJson | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return null;
  try {
    const value = record(JSON.parse(trimmed));
    if (!value) return null;
    const keys = ['heavy', 'light', 'antigen', 'fasta'];
    return keys.some((k) => typeof value[k] === 'string') ? (value as PlanJson) : null;
  } catch {
    return null;
  }
}

/** A plan as FASTA with labelled records, for the same reading as a user's text. */
function planText(plan: PlanJson): string {
  const records = (['heavy', 'light', 'antigen'] as const)
    .filter((key) => typeof plan[key] === 'string' && plan[key])
    .map((key) => `>${key}\n${String(plan[key])}`);
  if (records.length) return records.join('\n');
  return typeof plan.fasta === 'string' ? plan.fasta : '';
}

function schemeOf(value: unknown): Scheme | undefined {
  return typeof value === 'string' && SCHEMES.includes(value as Scheme)
    ? (value as Scheme)
    : undefined;
}

function countOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1
    ? Math.min(value, 1000)
    : undefined;
}

function cdrsOf(value: unknown): CdrName[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const cdrs = value.filter((v): v is CdrName => CDR_NAMES.includes(v as CdrName));
  return cdrs.length ? [...new Set(cdrs)].sort() : undefined;
}

// The same readings of a request as the assistant's planner (@platform/llm planner/plan.ts), which
// keeps them private; they apply to what a user typed into a mission directly.
function schemeIn(text: string): Scheme | undefined {
  const m = /\b(imgt|kabat|chothia)\b/i.exec(text);
  return m ? (m[1].toLowerCase() as Scheme) : undefined;
}

function countIn(text: string): number | undefined {
  const m =
    /(\d{1,4})\s*(?:variants?|designs?|sequences?|candidates?|antibod(?:y|ies)|mutants?|个|条|种|组)/i.exec(
      text,
    );
  return m ? Math.min(1000, Math.max(1, Number(m[1]))) : undefined;
}

function cdrsIn(text: string): CdrName[] | undefined {
  if (/\ball (?:three |3 |six |6 )?cdrs\b|所有\s*CDR|全部\s*CDR/i.test(text)) {
    return ['cdr1', 'cdr2', 'cdr3'];
  }
  const found = new Set<CdrName>();
  for (const m of text.matchAll(/CDR[- ]?(?:H|L)?([123])/gi)) found.add(`cdr${m[1]}` as CdrName);
  return found.size ? [...found].sort() : undefined;
}

/** Single-domain antibodies asked for: VHH, nanobody, sdAb, 纳米抗体, 单域抗体. */
function formatIn(text: string): 'vhh' | undefined {
  return /\bvhhs?\b|nanobod|\bsdabs?\b|single[- ]domain|纳米抗体|单域抗体/i.test(text)
    ? 'vhh'
    : undefined;
}

/** A PDB chain the user named: "chain A", "chains A,B", "链 A", "A 链" (ids are case-sensitive). */
export function chainIn(text: string): string | undefined {
  const m =
    /\b[Cc]hains?\s+([A-Za-z0-9](?:\s*[,，]\s*[A-Za-z0-9])*)(?![A-Za-z0-9])/.exec(text) ??
    /链\s*([A-Za-z0-9])(?![A-Za-z0-9])|(?<![A-Za-z0-9])([A-Za-z0-9])\s*链/.exec(text);
  if (!m) return undefined;
  return (m[1] ?? m[2]).replace(/[\s，]/g, '').replace(/,+/g, ',');
}

function seedIn(text: string): number | undefined {
  const m = /\bseed\s*[:=]?\s*(\d{1,9})\b|种子\s*[:：=]?\s*(\d{1,9})/i.exec(text);
  return m ? Number(m[1] ?? m[2]) : undefined;
}
