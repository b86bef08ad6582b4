import type {
  DesignResult,
  Developability,
  EpitopePatch,
  EpitopePrediction,
  HumanizationResult,
  HumannessReport,
  Liability,
  LocalizedText,
  NumberingResult,
  RegionReport,
  StructureEpitopeResidue,
  TapReport,
} from '@platform/antibody';

import { isTargetLibrary, type TargetLibrary, toTargetLibrary } from './target-library';

// What a node returned, as the blocks a scientist reads. The agent worker's tools put the antibody
// toolkit's results in a node's output under a key per tool (`number`, `liabilities`, `humanize`,
// `epitopes`, `design`, `structure`), per chain, beside a summary in both languages; a function node
// or another worker may nest them otherwise. So known shapes are found wherever they sit, by their
// fields, both as the toolkit returns them and as the worker's tools reshape them (CDR spans instead
// of strings, `parental` for `parent`, library `rows`), and turned into the toolkit's types for the
// views. What has no known shape is left to the raw JSON view.

export interface StructureResult {
  pdb: string;
  atoms?: number;
  /** 'built-in-template' when the toolkit's template modeller made it (no predictor configured). */
  predictor?: string;
  regions?: RegionReport[];
  /** TAP developability of the built-in model (both chains). */
  developability?: TapReport;
}

/** Epitopes predicted on an antigen's structure (ElliPro): scores per residue, ranked patches. */
export interface StructureEpitopesResult {
  /** The file's name (a chat attachment). */
  name?: string;
  method: 'ellipro';
  /** The chain scored, and how it was chosen (named, the only one, picked). */
  chain?: string;
  chainChoice?: string;
  residues: StructureEpitopeResidue[];
  patches: EpitopePatch[];
  /** The scored chain's atoms, for the 3D view. */
  pdb?: string;
}

export type ResultBlock =
  | { kind: 'text'; label: string; value: string | LocalizedText }
  | { kind: 'numbering'; label: string; value: NumberingResult }
  | {
      kind: 'liabilities';
      label: string;
      value: Liability[];
      developability?: Developability;
      /** The domain the positions refer to, when it came with them. */
      sequence?: string;
    }
  | { kind: 'humanization'; label: string; value: HumanizationResult }
  | { kind: 'epitopes'; label: string; value: EpitopePrediction }
  | { kind: 'library'; label: string; value: DesignResult }
  | { kind: 'target-library'; label: string; value: TargetLibrary }
  | { kind: 'structure'; label: string; value: StructureResult }
  | { kind: 'structure-epitopes'; label: string; value: StructureEpitopesResult }
  | { kind: 'files'; label: string; value: string[] };

export type ResultKind = ResultBlock['kind'];

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const has = (value: Json, ...keys: string[]) => keys.every((key) => key in value);

export const isLocalizedText = (value: unknown): value is LocalizedText =>
  isObject(value) &&
  isString(value.zh) &&
  isString(value.en) &&
  Object.keys(value).every((key) => key === 'zh' || key === 'en');

export function isNumbering(value: unknown): value is NumberingResult {
  return (
    isObject(value) &&
    Array.isArray(value.residues) &&
    isObject(value.cdrs) &&
    isString(value.sequence) &&
    has(value, 'scheme', 'chainType', 'germlines')
  );
}

/** A CDR as a string: the toolkit gives the string, the worker's `number` tool a span with it. */
const cdrText = (cdr: unknown) =>
  isString(cdr) ? cdr : isObject(cdr) && isString(cdr.sequence) ? cdr.sequence : '';

/** Numbering in the toolkit's shape, from either shape (CDR spans become their sequences). */
function toNumbering(value: NumberingResult): NumberingResult {
  const cdrs = value.cdrs as Record<string, unknown>;
  return {
    ...value,
    species: value.species ?? 'human',
    warnings: Array.isArray(value.warnings) ? value.warnings : [],
    cdrs: { cdr1: cdrText(cdrs.cdr1), cdr2: cdrText(cdrs.cdr2), cdr3: cdrText(cdrs.cdr3) },
  };
}

export function isLiability(value: unknown): value is Liability {
  return isObject(value) && has(value, 'kind', 'motif', 'position', 'region', 'severity');
}

export function isDevelopability(value: unknown): value is Developability {
  return isObject(value) && has(value, 'totalCdrLength', 'cdrNetCharge', 'cdrHydrophobicity');
}

export function isHumanization(value: unknown): value is HumanizationResult {
  return (
    isObject(value) &&
    isString(value.parent) &&
    isString(value.humanized) &&
    isObject(value.humanness) &&
    has(value, 'acceptor', 'mutations', 'backMutations')
  );
}

/** The worker's `humanize` chain: parental and humanized, identities before and after. */
interface WorkerHumanization {
  chainType: HumanizationResult['chainType'];
  parental: string;
  humanized: string;
  acceptor: HumanizationResult['acceptor'];
  identity: { before: number; after: number };
  closestHumanV?: { before: string; after: string };
  perRegion?: { before: HumannessReport['perRegion']; after: HumannessReport['perRegion'] };
  nonHumanFrameworkResidues?: { before: number; after: number };
  cdrs: HumanizationResult['cdrs'];
  mutations: HumanizationResult['mutations'];
  backMutations: HumanizationResult['backMutations'];
}

function isWorkerHumanization(value: unknown): value is WorkerHumanization {
  return (
    isObject(value) &&
    isString(value.parental) &&
    isString(value.humanized) &&
    isObject(value.identity) &&
    has(value, 'acceptor', 'mutations', 'backMutations')
  );
}

function fromWorkerHumanization(value: WorkerHumanization): HumanizationResult {
  const side = (when: 'before' | 'after'): HumannessReport => ({
    closestHumanV: value.closestHumanV?.[when] ?? '',
    identity: value.identity[when],
    perRegion: value.perRegion?.[when] ?? {},
    nonHumanFrameworkResidues: value.nonHumanFrameworkResidues?.[when] ?? 0,
  });
  return {
    chainType: value.chainType,
    parent: value.parental,
    humanized: value.humanized,
    acceptor: value.acceptor,
    cdrs: value.cdrs,
    mutations: value.mutations,
    backMutations: value.backMutations,
    humanness: { before: side('before'), after: side('after') },
  };
}

export function isEpitopes(value: unknown): value is EpitopePrediction {
  return (
    isObject(value) &&
    isString(value.sequence) &&
    isObject(value.methods) &&
    isObject(value.consensus) &&
    Array.isArray(value.consensus.votes)
  );
}

/** A designed library: the toolkit's `variants`, or the worker's `rows` (the first variants). */
export function isLibrary(value: unknown): value is DesignResult {
  return (
    isObject(value) &&
    (Array.isArray(value.variants) || Array.isArray(value.rows)) &&
    isObject(value.parent) &&
    isObject(value.rejected) &&
    'seed' in value
  );
}

function toLibrary(value: DesignResult): DesignResult {
  const rows = (value as { rows?: DesignResult['variants'] }).rows;
  return { ...value, variants: value.variants ?? rows ?? [] };
}

export function isStructureEpitopes(value: unknown): value is StructureEpitopesResult {
  return (
    isObject(value) &&
    value.method === 'ellipro' &&
    Array.isArray(value.residues) &&
    Array.isArray(value.patches)
  );
}

export function isStructure(value: unknown): value is StructureResult {
  return isObject(value) && isString(value.pdb) && value.pdb.length > 0;
}

/** Keys whose text is what the node says about its result. */
const TEXT_KEYS = ['summary', 'result', 'message', 'text', 'answer'];
/** Keys that group things or name a tool: the block's own title says it better in a label. */
const GROUPING_KEYS = new Set([
  'data',
  'result',
  'results',
  'output',
  'outputs',
  'items',
  'chains',
  'records',
  'domains',
  'sequences',
  'report',
  'reports',
  'number',
  'numbering',
  'liabilities',
  'humanize',
  'humanization',
  'epitopes',
  'design',
  'library',
  'structure',
]);
const MAX_DEPTH = 8;
/** The worker's log of what each tool did: its summaries already make up the node's summary. */
const SKIPPED_KEYS = new Set(['steps']);

/** A name an object gives itself (a chain's id, a record's name). */
function ownName(value: Json): string | undefined {
  for (const key of ['id', 'name', 'label', 'chain', 'parentId']) {
    const name = value[key];
    if (isString(name) && name.trim()) return name.trim();
  }
  return undefined;
}

const join = (label: string, part: string | undefined) =>
  !part ? label : label ? `${label} · ${part}` : part;

function fileNames(value: unknown): string[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const names = value.map((file) =>
    isString(file)
      ? file
      : isObject(file)
        ? [file.name, file.fileName, file.path].find(isString)
        : undefined,
  );
  return names.every(isString) ? names : undefined;
}

/**
 * The blocks of a node's output (or a mission's result), in the order they appear. Texts are taken
 * from the summary keys; known toolkit results wherever they are; nothing else.
 */
export function detectResults(output: unknown): ResultBlock[] {
  const blocks: ResultBlock[] = [];
  const walk = (value: unknown, parent: string, depth: number, key?: string) => {
    if (depth > MAX_DEPTH || value === null || value === undefined) return;
    const label = isObject(value) ? join(parent, ownName(value)) : parent;
    if (isHumanization(value)) return void blocks.push({ kind: 'humanization', label, value });
    if (isWorkerHumanization(value)) {
      return void blocks.push({
        kind: 'humanization',
        label,
        value: fromWorkerHumanization(value),
      });
    }
    if (isNumbering(value)) {
      return void blocks.push({ kind: 'numbering', label, value: toNumbering(value) });
    }
    if (isEpitopes(value)) return void blocks.push({ kind: 'epitopes', label, value });
    if (isTargetLibrary(value))
      return void blocks.push({ kind: 'target-library', label, value: toTargetLibrary(value) });
    if (isLibrary(value))
      return void blocks.push({ kind: 'library', label, value: toLibrary(value) });
    if (isStructureEpitopes(value))
      return void blocks.push({ kind: 'structure-epitopes', label, value });
    if (isStructure(value)) return void blocks.push({ kind: 'structure', label, value });
    if (Array.isArray(value)) {
      if (value.length > 0 && value.every(isLiability)) {
        return void blocks.push({ kind: 'liabilities', label, value });
      }
      // A named item adds its own name; others are told apart by their place when there are several.
      value.forEach((item, index) => {
        const named = isObject(item) && ownName(item) !== undefined;
        walk(item, named || value.length === 1 ? label : join(label, `${index + 1}`), depth + 1);
      });
      return;
    }
    if (!isObject(value)) {
      if (key && TEXT_KEYS.includes(key) && isString(value) && value.trim()) {
        blocks.push({ kind: 'text', label, value: value.trim() });
      }
      return;
    }
    if (isLocalizedText(value)) {
      if (key && TEXT_KEYS.includes(key)) blocks.push({ kind: 'text', label, value });
      return;
    }
    const here = label;
    // One summary per object: the worker sends it in both languages beside `result`, its text in
    // the mission's language, so the summary alone is shown, in the reader's language.
    const summary = value.summary;
    const said = isLocalizedText(summary) || (isString(summary) && summary.trim() !== '');
    // A liability report: its list (possibly empty) read with the figures and the domain beside it.
    const listed = Array.isArray(value.liabilities) && value.liabilities.every(isLiability);
    if (listed) {
      blocks.push({
        kind: 'liabilities',
        label: here,
        value: value.liabilities as Liability[],
        ...(isDevelopability(value.developability) ? { developability: value.developability } : {}),
        ...(isNumbering(value.numbering)
          ? { sequence: value.numbering.sequence }
          : isString(value.sequence)
            ? { sequence: value.sequence }
            : {}),
      });
    }
    const files = key === undefined || depth <= 2 ? fileNames(value.files) : undefined;
    for (const [child, inner] of Object.entries(value)) {
      if (listed && (child === 'liabilities' || child === 'developability')) continue;
      if (files && child === 'files') continue;
      if (SKIPPED_KEYS.has(child) || (said && child === 'result' && !isObject(inner))) continue;
      const part =
        GROUPING_KEYS.has(child) || TEXT_KEYS.includes(child) || isString(inner)
          ? undefined
          : child;
      walk(
        inner,
        join(here, isObject(inner) && ownName(inner) ? undefined : part),
        depth + 1,
        child,
      );
    }
    if (files) blocks.push({ kind: 'files', label: here, value: files });
  };
  walk(output, '', 0);
  return blocks;
}

/** Whether a node returned nothing to show (spec §8: "No content returned from this node"). */
export function isEmptyOutput(output: unknown): boolean {
  if (output === null || output === undefined) return true;
  if (isString(output)) return output.trim() === '';
  if (Array.isArray(output)) return output.length === 0;
  if (isObject(output)) return Object.values(output).every(isEmptyOutput);
  return false;
}
