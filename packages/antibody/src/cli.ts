import { readFileSync, statSync } from 'node:fs';

import { type CdrName, designLibrary } from './design';
import { profileDevelopability } from './developability';
import { predictEpitopes } from './epitopes';
import { AntibodyError } from './errors';
import { humanize } from './humanize';
import { analyzeLiabilities } from './liabilities';
import { numberSequence } from './numbering/number';
import type { Scheme } from './numbering/schemes';
import { parseFasta, type SequenceRecord } from './sequence/sequence';
import { predictStructureEpitopes } from './structure/ellipro';
import { modelStructure } from './structure/model';
import { parsePdb } from './structure/pdb';
import { loadTemplateLibrary } from './structure/templates-node';
import { designAgainstTargetWith } from './target/generator';

const USAGE = `usage: antibody <number|liabilities|humanize|epitopes|design|design-target|structure|developability> [options] FILE|-

  number       IMGT/Kabat/Chothia numbering, CDRs, frameworks, closest germlines
  liabilities  sequence liabilities and developability figures
  humanize     CDR grafting onto the closest human germline framework
  epitopes     linear B-cell epitope prediction for antigen sequences
  design       CDR library design (seeded)
  design-target  de novo design against an antigen (FASTA or PDB): a ranked, filtered library
  structure    Fv model from the built-in template library (prints PDB)
  developability  TAP's five metrics (Raybould 2019) on the built-in model of a VH/VL pair (JSON)

options:
  --scheme imgt|kabat|chothia   numbering scheme (number, liabilities; default imgt)
  --cdrs cdr1,cdr2,cdr3         CDRs to vary (design; default cdr3)
  --count N                     variants per record (design; default 20)
  --seed N                      PRNG seed (design; default 1)
  --min-length N                shortest epitope segment (epitopes; default 6)
  --min-votes N                 methods that must agree (epitopes; default 3)
  --exclude-identity X          drop templates this identical (0-1) or more (structure, developability)
  --exclude ID,...              drop templates by PDB id (structure, developability)
  --structure FILE.pdb          epitopes on an antigen structure (ElliPro), instead of a sequence
  --chain X[,Y]                 the antigen chain(s) in --structure or a design-target PDB
  --region 120-140              epitope region, antigen positions from 1 (design-target)
  --vhh                         single-domain (VHH) designs instead of VH/VL pairs (design-target)
  --generator-url URL           external generator to ask as well (design-target)

Reads FASTA (or one bare sequence) from FILE, or from standard input with '-'.
Prints a JSON array with one object per input record; structure takes the heavy and light
records (or one VHH) and prints one PDB file (errors go to standard error as JSON);
developability takes the heavy and light records and prints one JSON object.`;

type Command =
  | 'number'
  | 'liabilities'
  | 'humanize'
  | 'epitopes'
  | 'design'
  | 'design-target'
  | 'structure'
  | 'developability';
const COMMANDS: Command[] = [
  'number',
  'liabilities',
  'humanize',
  'epitopes',
  'design',
  'design-target',
  'structure',
  'developability',
];
/** Options that take no value. */
const FLAGS = new Set(['vhh']);
const SCHEMES: Scheme[] = ['imgt', 'kabat', 'chothia'];

interface Parsed {
  command: Command;
  file: string;
  options: Map<string, string>;
}

class UsageError extends Error {}

function parseArgs(argv: string[]): Parsed {
  const [command, ...rest] = argv;
  if (!COMMANDS.includes(command as Command))
    throw new UsageError(command ? `unknown command: ${command}` : 'missing command');
  const options = new Map<string, string>();
  const files: string[] = [];
  for (let k = 0; k < rest.length; k++) {
    const arg = rest[k];
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split('=', 2);
      const value = FLAGS.has(name) ? (inline ?? 'true') : (inline ?? rest[++k]);
      if (value === undefined) throw new UsageError(`missing value for --${name}`);
      options.set(name, value);
    } else files.push(arg);
  }
  const structureEpitopes = command === 'epitopes' && options.has('structure');
  if (structureEpitopes && files.length === 0) files.push(options.get('structure') as string);
  if (files.length !== 1) throw new UsageError('give exactly one FILE, or - for standard input');
  const scheme = options.get('scheme');
  if (scheme !== undefined && !SCHEMES.includes(scheme as Scheme))
    throw new UsageError(`unknown scheme: ${scheme}`);
  return { command: command as Command, file: files[0], options };
}

function intOption(options: Map<string, string>, name: string): number | undefined {
  const raw = options.get(name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new UsageError(`--${name} must be an integer`);
  return value;
}

/** Largest PDB file read (a large cryo-EM assembly is about this size; more is refused, not parsed). */
const MAX_PDB_BYTES = 20 * 1024 * 1024;

function readPdbFile(file: string): string {
  const size = statSync(file).size;
  if (size > MAX_PDB_BYTES)
    throw new AntibodyError(
      'FILE_TOO_LARGE',
      {
        zh: `PDB 文件过大（${(size / 2 ** 20).toFixed(1)} MB，上限 20 MB）。`,
        en: `The PDB file is too large (${(size / 2 ** 20).toFixed(1)} MB; the limit is 20 MB).`,
      },
      { size, limit: MAX_PDB_BYTES },
    );
  return readFileSync(file, 'utf8');
}

/** `epitopes --structure FILE.pdb [--chain X]`: ElliPro on the antigen's structure; prints one JSON object. */
function runStructureEpitopes(parsed: Parsed): number {
  let text: string;
  try {
    text = readPdbFile(parsed.file);
  } catch (err) {
    if (!(err instanceof AntibodyError)) {
      process.stderr.write(
        `cannot read ${parsed.file}: ${err instanceof Error ? err.message : String(err)}\n`,
      );
      return 2;
    }
    process.stdout.write(`${JSON.stringify(errorObject(err), null, 2)}\n`);
    return 1;
  }
  try {
    const result = predictStructureEpitopes(parsePdb(text), { chain: parsed.options.get('chain') });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (err) {
    process.stdout.write(`${JSON.stringify(errorObject(err), null, 2)}\n`);
    return 1;
  }
}

/**
 * `design-target FILE`: the antigen as FASTA (one record) or PDB; prints one JSON object, or the
 * error object and exit code 1 (nothing else is written).
 */
async function runDesignTarget(parsed: Parsed): Promise<number> {
  const { options } = parsed;
  let text: string;
  try {
    text = parsed.file === '-' ? await readInput('-') : readPdbFile(parsed.file);
  } catch (err) {
    if (!(err instanceof AntibodyError)) {
      process.stderr.write(
        `cannot read ${parsed.file}: ${err instanceof Error ? err.message : String(err)}\n`,
      );
      return 2;
    }
    process.stdout.write(`${JSON.stringify(errorObject(err), null, 2)}\n`);
    return 1;
  }
  const isPdb =
    /\.(pdb|ent)$/i.test(parsed.file) || /^(HEADER|ATOM|MODEL|REMARK|CRYST1)/m.test(text);
  const count = intOption(options, 'count');
  const seed = intOption(options, 'seed');
  try {
    const result = await designAgainstTargetWith(
      isPdb ? { pdb: text, chain: options.get('chain') } : { sequence: text },
      { region: options.get('region'), count, seed, format: options.has('vhh') ? 'vhh' : 'fv' },
      { url: options.get('generator-url') },
    );
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (err) {
    process.stdout.write(`${JSON.stringify(errorObject(err), null, 2)}\n`);
    return 1;
  }
}

/** `structure`: all records form one Fv (heavy and light in any order, or one VHH); prints PDB. */
function runStructure(parsed: Parsed, records: SequenceRecord[]): number {
  const developability = parsed.command === 'developability';
  const raw = parsed.options.get('exclude-identity');
  const excludeIdentity = raw === undefined ? undefined : Number(raw);
  if (excludeIdentity !== undefined && !(excludeIdentity >= 0 && excludeIdentity <= 1))
    throw new UsageError('--exclude-identity must be a number from 0 to 1');
  if (records.length < 1 || records.length > 2)
    throw new UsageError(
      developability
        ? 'developability takes one FASTA file with the heavy and light chains'
        : 'structure takes one FASTA file with the heavy and light chains, or one VHH',
    );
  const exclude = parsed.options.get('exclude')?.split(',').filter(Boolean);
  try {
    const model = modelStructure(
      { heavy: records[0].sequence, light: records[1]?.sequence },
      loadTemplateLibrary(),
      { excludeIdentity, exclude },
    );
    if (developability) {
      const tap = profileDevelopability(model.residues);
      process.stdout.write(`${JSON.stringify({ regions: model.regions, ...tap }, null, 2)}\n`);
    } else process.stdout.write(model.pdb);
    return 0;
  } catch (err) {
    process.stderr.write(`${JSON.stringify(errorObject(err), null, 2)}\n`);
    return 1;
  }
}

function runRecord(parsed: Parsed, record: SequenceRecord): Record<string, unknown> {
  const { options } = parsed;
  const scheme = (options.get('scheme') ?? 'imgt') as Scheme;
  switch (parsed.command) {
    case 'structure':
    case 'developability':
    case 'design-target':
      throw new UsageError(`${parsed.command} reads all records at once`);
    case 'number': {
      const r = numberSequence(record.sequence, { scheme });
      return {
        chainType: r.chainType,
        species: r.species,
        scheme: r.scheme,
        numbering: r.residues.map((x) => [x.position, x.residue]),
        cdrs: r.cdrs,
        frameworks: r.frameworks,
        germlines: r.germlines,
        warnings: r.warnings,
      };
    }
    case 'liabilities': {
      const r = analyzeLiabilities(record.sequence, scheme);
      return {
        chainType: r.numbering.chainType,
        scheme,
        cdrs: r.numbering.cdrs,
        liabilities: r.liabilities,
        developability: r.developability,
        warnings: r.numbering.warnings,
      };
    }
    case 'humanize':
      return { ...humanize(record.sequence) };
    case 'epitopes':
      return {
        ...predictEpitopes(record.sequence, {
          minLength: intOption(options, 'min-length'),
          minVotes: intOption(options, 'min-votes'),
        }),
      };
    case 'design': {
      const cdrs = options
        .get('cdrs')
        ?.split(',')
        .map((c) => c.trim().toLowerCase()) as CdrName[] | undefined;
      const r = designLibrary(record.sequence, {
        cdrs,
        count: intOption(options, 'count'),
        seed: intOption(options, 'seed'),
      });
      return { chainType: r.parent.chainType, ...r };
    }
  }
}

function errorObject(err: unknown): Record<string, unknown> {
  if (err instanceof AntibodyError) return { error: err.toJSON() };
  return {
    error: {
      code: 'INTERNAL',
      message: { zh: '内部错误。', en: err instanceof Error ? err.message : String(err) },
    },
  };
}

async function readInput(file: string): Promise<string> {
  if (file !== '-') return readFileSync(file, 'utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Runs the CLI; resolves to the exit code (0 ok, 1 some record failed, 2 usage or input error). */
export async function main(argv: string[]): Promise<number> {
  let parsed: Parsed;
  try {
    parsed = parseArgs(argv);
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}\n`);
    return 2;
  }
  if (parsed.command === 'epitopes' && parsed.options.has('structure'))
    return runStructureEpitopes(parsed);
  if (parsed.command === 'design-target') {
    try {
      return await runDesignTarget(parsed);
    } catch (err) {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}\n`);
      return 2;
    }
  }
  let records: SequenceRecord[];
  try {
    records = parseFasta(await readInput(parsed.file));
  } catch (err) {
    if (!(err instanceof AntibodyError)) {
      process.stderr.write(
        `cannot read ${parsed.file}: ${err instanceof Error ? err.message : String(err)}\n`,
      );
      return 2;
    }
    process.stdout.write(`${JSON.stringify([{ id: null, ...errorObject(err) }], null, 2)}\n`);
    return 1;
  }
  if (parsed.command === 'structure' || parsed.command === 'developability') {
    try {
      return runStructure(parsed, records);
    } catch (err) {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}\n`);
      return 2;
    }
  }
  let failed = false;
  const out: Record<string, unknown>[] = [];
  for (const record of records) {
    try {
      out.push({ id: record.id, ...runRecord(parsed, record) });
    } catch (err) {
      if (err instanceof UsageError) {
        process.stderr.write(`${err.message}\n\n${USAGE}\n`);
        return 2;
      }
      failed = true;
      out.push({ id: record.id, ...errorObject(err) });
    }
  }
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  return failed ? 1 : 0;
}
