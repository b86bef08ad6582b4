import {
  AntibodyError,
  type CdrName,
  designLibrary,
  type DesignResult,
  type Developability,
  developability,
  type EpitopePatch,
  type EpitopePrediction,
  findLiabilities,
  type HumanizationResult,
  humanize,
  type Liability,
  type NumberingResult,
  numberSequence,
  parseFasta,
  parsePdb,
  predictEpitopes,
  predictStructureEpitopes,
  type Scheme,
  type StructureEpitopeResidue,
  writePdb,
} from '@platform/antibody';

import { type JobError, ToolkitJobError, unexpectedError } from './toolkit.errors';

// The toolkit jobs the page runs, as plain functions of plain data: the worker calls them, and so do
// the tests (and the page itself where a browser has no module workers).

export interface AnalysisRecord {
  id: string;
  description: string;
  /** Present when the record could be numbered. */
  numbering?: NumberingResult;
  liabilities?: Liability[];
  developability?: Developability;
  humanization?: HumanizationResult;
  /** Why the record could not be numbered, or why humanization failed (numbering still shown). */
  error?: JobError;
  humanizationError?: JobError;
}

export interface EpitopeRun {
  /** FASTA id of the antigen used (the first record). */
  id: string;
  /** Records after the first, which were not used. */
  ignored: number;
  prediction: EpitopePrediction;
}

/** ElliPro on one chain of an opened PDB file, with that chain's atoms for the 3D view. */
export interface StructureEpitopeRun {
  chain: string;
  residues: StructureEpitopeResidue[];
  patches: EpitopePatch[];
  pdb: string;
}

export type Job =
  | { kind: 'analyze'; text: string; scheme: Scheme }
  | { kind: 'structureEpitopes'; pdb: string; chain: string }
  | { kind: 'epitopes'; text: string; minLength: number; minVotes: number }
  | { kind: 'design'; sequence: string; cdrs: CdrName[]; count: number; seed: number };

export type AnalyzeJob = Extract<Job, { kind: 'analyze' }>;
export type EpitopeJob = Extract<Job, { kind: 'epitopes' }>;
export type DesignJob = Extract<Job, { kind: 'design' }>;
export type StructureEpitopeJob = Extract<Job, { kind: 'structureEpitopes' }>;

export interface JobResults {
  analyze: AnalysisRecord[];
  epitopes: EpitopeRun;
  design: DesignResult;
  structureEpitopes: StructureEpitopeRun;
}

export type JobResult<J extends Job> = JobResults[J['kind']];

function toJobError(error: unknown): JobError {
  return error instanceof AntibodyError ? error.toJSON() : unexpectedError(error);
}

function analyzeRecord(id: string, description: string, sequence: string, scheme: Scheme) {
  const record: AnalysisRecord = { id, description };
  try {
    record.numbering = numberSequence(sequence, { scheme });
  } catch (error) {
    record.error = toJobError(error);
    return record;
  }
  record.liabilities = findLiabilities(record.numbering);
  record.developability = developability([record.numbering]);
  try {
    record.humanization = humanize(sequence);
  } catch (error) {
    record.humanizationError = toJobError(error);
  }
  return record;
}

/** Numbering, risk sites and humanization of every record of FASTA (or plain) input. */
export function analyze(text: string, scheme: Scheme): AnalysisRecord[] {
  return parseFasta(text).map((r) => analyzeRecord(r.id, r.description, r.sequence, scheme));
}

export function epitopes(text: string, minLength: number, minVotes: number): EpitopeRun {
  const [first, ...rest] = parseFasta(text);
  return {
    id: first.id,
    ignored: rest.length,
    prediction: predictEpitopes(first.sequence, { minLength, minVotes }),
  };
}

/**
 * Structure-based epitopes (ElliPro, Ponomarenko et al. 2008) on a chain of a PDB file, as the
 * assistant's antibody.epitopes runs them on an attached structure.
 */
export function structureEpitopes(pdb: string, chain: string): StructureEpitopeRun {
  const residues = parsePdb(pdb);
  const result = predictStructureEpitopes(residues, { chain });
  const antigen = residues.filter((r) => result.chains.includes(r.chain));
  return {
    chain: result.chains.join(','),
    residues: result.residues,
    patches: result.patches,
    pdb: writePdb(antigen),
  };
}

function run(job: Job): JobResults[Job['kind']] {
  switch (job.kind) {
    case 'analyze':
      return analyze(job.text, job.scheme);
    case 'epitopes':
      return epitopes(job.text, job.minLength, job.minVotes);
    case 'design':
      return designLibrary(job.sequence, { cdrs: job.cdrs, count: job.count, seed: job.seed });
    case 'structureEpitopes':
      return structureEpitopes(job.pdb, job.chain);
  }
}

/** Runs a job in this thread; toolkit errors are rethrown as ToolkitJobError. */
export function runJob<J extends Job>(job: J): JobResult<J> {
  try {
    return run(job) as JobResult<J>;
  } catch (error) {
    throw new ToolkitJobError(toJobError(error));
  }
}
