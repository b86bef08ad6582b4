import {
  AntibodyError,
  type CdrName,
  chainGermlines,
  designAgainstTargetWith,
  designLibrary,
  developability,
  findLiabilities,
  humanize,
  type Liability,
  type LocalizedText,
  type NumberingResult,
  numberSequence,
  parsePdb,
  type PdbResidue,
  predictEpitopes,
  predictStructure,
  predictStructureEpitopes,
  profileDevelopability,
  type RegionName,
  type Scheme,
  type Segment,
  type TargetDesignResult,
  writePdb,
} from '@platform/antibody';
import { modelWithBuiltInTemplates } from '@platform/antibody/node';
import { AGENT_TOOLS, MISSION_STRUCTURE_MAX, type MissionStructure } from '@platform/contracts';

import { AgentFailure, both } from '../agents/agent-failure';
import { type ChainInput, currentChains, type ProteinInput } from '../agents/agent-inputs';
import type { AgentTool, ToolArgs, ToolContext, ToolResult } from './agent-tool';

// The built-in tools (AGENT_TOOLS) on @platform/antibody: real computations, with outputs shaped
// for a scientist's screen (numbered residues with CDR ranges, liabilities with positions and
// regions, parental and humanized sequences with identities, per-residue scores and segments,
// library rows) and a short summary in both languages.

const REGIONS: readonly RegionName[] = ['fr1', 'cdr1', 'fr2', 'cdr2', 'fr3', 'cdr3', 'fr4'];
const CDRS: readonly CdrName[] = ['cdr1', 'cdr2', 'cdr3'];
/** Library rows kept in an output at most (the design tool allows 1000; a screen shows fewer). */
const LIBRARY_ROWS_MAX = 200;

const SEQUENCE_ARGS = {
  heavy: { type: 'string', description: 'Heavy-chain variable domain, one-letter amino acids' },
  light: { type: 'string', description: 'Light-chain variable domain, one-letter amino acids' },
};
const SCHEME_ARG = {
  scheme: {
    type: 'string',
    enum: ['imgt', 'kabat', 'chothia'],
    description: 'Numbering scheme, default imgt',
  },
};

/** A region's residues: its sequence, first and last scheme positions and 1-based input indexes. */
export interface RegionSpan {
  sequence: string;
  start: string;
  end: string;
  from: number;
  to: number;
}

function regionsOf(n: NumberingResult): Partial<Record<RegionName, RegionSpan>> {
  const spans: Partial<Record<RegionName, RegionSpan>> = {};
  for (const r of n.residues) {
    const span = spans[r.region];
    if (!span) {
      spans[r.region] = {
        sequence: r.residue,
        start: r.position,
        end: r.position,
        from: r.index + 1,
        to: r.index + 1,
      };
    } else {
      span.sequence += r.residue;
      span.end = r.position;
      span.to = r.index + 1;
    }
  }
  return spans;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
const chainZh = (c: { label: string }) => (c.label === 'heavy' ? '重链' : '轻链');

/** The chains a tool works on: the model's arguments, else the current chains of the run. */
function chainsFor(args: ToolArgs, context: ToolContext): ChainInput[] {
  const given: ChainInput[] = [];
  for (const label of ['heavy', 'light'] as const) {
    const sequence = args[label];
    if (!sequence) continue;
    const numbered = number(sequence, 'imgt', label);
    given.push({
      id: label === 'heavy' ? 'VH' : 'VL',
      label: numbered.chainType === 'heavy' ? 'heavy' : 'light',
      chainType: numbered.chainType,
      sequence: numbered.sequence.slice(numbered.start, numbered.end + 1),
      source: 'input',
    });
  }
  const chains = given.length ? given : currentChains(context.inputs, context.previous);
  if (!chains.length) throw AgentFailure.missing('agent.no_antibody', 'agent.ask_antibody');
  return chains;
}

function antigensFor(args: ToolArgs, context: ToolContext): ProteinInput[] {
  if (args.antigen) return [{ id: 'antigen', sequence: args.antigen }];
  if (!context.inputs.antigens.length) {
    throw AgentFailure.missing('agent.no_antigen', 'agent.ask_antigen');
  }
  return context.inputs.antigens;
}

/** Runs a toolkit call; its input errors become the node's failure in both languages. */
function toolkit<T>(tool: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof AntibodyError) {
      throw new AgentFailure(
        {
          zh: `${tool}：${error.text.zh}`,
          en: `${tool}: ${error.text.en}`,
        },
        error.code === 'STRUCTURE_PREDICTOR_FAILED' || error.code === 'TARGET_GENERATOR_FAILED',
        error.toJSON(),
      );
    }
    throw error;
  }
}

function number(sequence: string, scheme: Scheme, id: string): NumberingResult {
  return toolkit(`${AGENT_TOOLS.number} (${id})`, () => numberSequence(sequence, { scheme }));
}

// --- antibody.number ---------------------------------------------------------------------------

function numberedChain(chain: ChainInput, scheme: Scheme) {
  const n = number(chain.sequence, scheme, chain.id);
  const regions = regionsOf(n);
  const cdrs = Object.fromEntries(CDRS.map((c) => [c, regions[c] ?? null]));
  const check = chain.parental ? cdrCheck(chain, n, scheme) : undefined;
  return {
    id: chain.id,
    label: chain.label,
    source: chain.source,
    chainType: n.chainType,
    species: n.species,
    scheme: n.scheme,
    sequence: n.sequence.slice(n.start, n.end + 1),
    length: n.end - n.start + 1,
    domain: { from: n.start + 1, to: n.end + 1 },
    residues: n.residues.map((r) => ({
      position: r.position,
      residue: r.residue,
      region: r.region,
      index: r.index + 1,
    })),
    regions: REGIONS.filter((r) => regions[r]).map((r) => ({ name: r, ...regions[r]! })),
    cdrs,
    germlines: n.germlines,
    // Named by the function the assistant's preview uses, so the chat and the results agree.
    named: chainGermlines(n),
    warnings: n.warnings,
    ...(check ? { cdrCheck: check } : {}),
  };
}

/** Whether a humanized chain kept the parental CDRs (the humanization's CDR check). */
function cdrCheck(chain: ChainInput, n: NumberingResult, scheme: Scheme) {
  const parental = number(chain.parental!, scheme, `${chain.id} parental`);
  const kept = Object.fromEntries(CDRS.map((c) => [c, parental.cdrs[c] === n.cdrs[c]])) as Record<
    CdrName,
    boolean
  >;
  return {
    parental: parental.cdrs,
    current: n.cdrs,
    kept,
    allKept: CDRS.every((c) => kept[c]),
    humanIdentity: {
      parental: parental.germlines.humanV.identity,
      current: n.germlines.humanV.identity,
    },
  };
}

const numberTool: AgentTool = {
  name: AGENT_TOOLS.number,
  key: 'number',
  description:
    'Number antibody variable domains (IMGT, Kabat or Chothia): chain type, species, closest germlines, framework and CDR regions with their positions.',
  parameters: { type: 'object', properties: { ...SEQUENCE_ARGS, ...SCHEME_ARG } },
  async run(args, context): Promise<ToolResult> {
    const scheme = args.scheme ?? context.inputs.scheme ?? 'imgt';
    const chains = chainsFor(args, context).map((c) => numberedChain(c, scheme));
    const line = (c: (typeof chains)[number], zh: boolean) => {
      const v = c.named.closest;
      const cdrs = CDRS.map((k) => `${k.toUpperCase()} ${c.cdrs[k]?.sequence ?? '-'}`).join(', ');
      const check = c.cdrCheck
        ? zh
          ? c.cdrCheck.allKept
            ? '，CDR 与亲本一致'
            : '，CDR 与亲本不一致'
          : c.cdrCheck.allKept
            ? ', CDRs as in the parent'
            : ', CDRs differ from the parent'
        : '';
      return zh
        ? `${c.id}（${chainZh(c)}，${v.gene} ${pct(v.identity)}）：${cdrs}${check}`
        : `${c.id} (${c.chainType}, ${v.gene} ${pct(v.identity)}): ${cdrs}${check}`;
    };
    return {
      summary: both(
        `${scheme.toUpperCase()} 编号：${chains.map((c) => line(c, true)).join('；')}`,
        `${scheme.toUpperCase()} numbering: ${chains.map((c) => line(c, false)).join('; ')}`,
      ),
      data: { scheme, chains },
    };
  },
};

// --- antibody.liabilities ----------------------------------------------------------------------

function counts(liabilities: Liability[]) {
  const bySeverity = { high: 0, medium: 0, low: 0 };
  const byRegion = Object.fromEntries(REGIONS.map((r) => [r, 0])) as Record<RegionName, number>;
  for (const l of liabilities) {
    bySeverity[l.severity] += 1;
    byRegion[l.region] += 1;
  }
  return { bySeverity, byRegion };
}

/** Earlier design rows checked for CDR liabilities: the "liabilities filter" of a library. */
function libraryFilter(context: ToolContext) {
  for (const run of [...context.previous].reverse()) {
    const design = (run.outputs as { design?: { rows?: unknown } } | null)?.design;
    if (!design || !Array.isArray(design.rows)) continue;
    type Row = { rank?: number; id?: string; sequence?: string; heavy?: string; light?: string };
    const rows = (design.rows as Row[]).flatMap((row) => {
      // A CDR library row has one chain (sequence); a design against a target has heavy (and light).
      const sequences = [row.sequence ?? row.heavy, row.light].filter(
        (x): x is string => typeof x === 'string',
      );
      if (sequences.length === 0) return [];
      try {
        const found = sequences.flatMap((seq) =>
          findLiabilities(numberSequence(seq)).filter((l) => l.inCdr),
        );
        const high = found.filter((l) => l.severity === 'high').length;
        const medium = found.filter((l) => l.severity === 'medium').length;
        const chains = row.heavy
          ? { heavy: row.heavy, ...(row.light ? { light: row.light } : {}) }
          : {};
        return [
          {
            rank: row.rank ?? 0,
            ...(row.id ? { id: row.id } : {}),
            sequence: sequences[0],
            ...chains,
            high,
            medium,
            passes: high === 0,
          },
        ];
      } catch {
        return [];
      }
    });
    const kept = rows.filter((r) => r.passes);
    return { from: run.nodeId, checked: rows.length, kept: kept.length, rows: kept };
  }
  return undefined;
}

/**
 * A design against a target has no antibody in its inputs: the liabilities node then checks the
 * designed library alone (both chains of every design), instead of asking for an antibody.
 */
function libraryWithoutAntibody(args: ToolArgs, context: ToolContext): ToolResult | undefined {
  if (args.heavy || args.light || currentChains(context.inputs, context.previous).length) return;
  const library = libraryFilter(context);
  if (!library) return;
  return {
    summary: both(
      `风险位点：文库 ${library.checked} 条设计中 ${library.kept} 条的 CDR 无高风险位点`,
      `Liabilities: ${library.kept} of ${library.checked} library designs free of high-severity sites in their CDRs`,
    ),
    data: { chains: [], library },
  };
}

const liabilitiesTool: AgentTool = {
  name: AGENT_TOOLS.liabilities,
  key: 'liabilities',
  description:
    'Find sequence liabilities (risk sites: glycosylation, deamidation, isomerization, oxidation, unpaired cysteines, …) by region with positions and severities, and developability figures.',
  parameters: { type: 'object', properties: { ...SEQUENCE_ARGS, ...SCHEME_ARG } },
  async run(args, context): Promise<ToolResult> {
    const scheme = args.scheme ?? context.inputs.scheme ?? 'imgt';
    const numbered: NumberingResult[] = [];
    const onlyLibrary = libraryWithoutAntibody(args, context);
    if (onlyLibrary) return onlyLibrary;
    const chains = chainsFor(args, context).map((chain) => {
      const n = number(chain.sequence, scheme, chain.id);
      numbered.push(n);
      const liabilities = findLiabilities(n);
      return {
        id: chain.id,
        label: chain.label,
        source: chain.source,
        chainType: n.chainType,
        scheme,
        sequence: n.sequence.slice(n.start, n.end + 1),
        cdrs: n.cdrs,
        liabilities,
        ...counts(liabilities),
        developability: developability([n]),
      };
    });
    const library = libraryFilter(context);
    const line = (c: (typeof chains)[number], zh: boolean) => {
      const cdr = c.liabilities.filter((l) => l.inCdr).length;
      return zh
        ? `${c.id} ${c.liabilities.length} 个风险位点（高 ${c.bySeverity.high}，CDR 内 ${cdr}）`
        : `${c.id} ${c.liabilities.length} risk sites (${c.bySeverity.high} high, ${cdr} in CDRs)`;
    };
    const libraryZh = library
      ? `；文库 ${library.checked} 条中 ${library.kept} 条无高风险位点`
      : '';
    const libraryEn = library
      ? `; ${library.kept} of ${library.checked} library variants free of high-severity sites`
      : '';
    return {
      summary: both(
        `风险位点：${chains.map((c) => line(c, true)).join('；')}${libraryZh}`,
        `Liabilities: ${chains.map((c) => line(c, false)).join('; ')}${libraryEn}`,
      ),
      data: {
        scheme,
        chains,
        ...(numbered.length > 1 ? { pair: developability(numbered) } : {}),
        ...(library ? { library } : {}),
      },
    };
  },
};

// --- antibody.humanize -------------------------------------------------------------------------

const kept = (c: { backMutations: { applied: boolean }[] }) =>
  c.backMutations.filter((b) => b.applied).length;

const humanizeTool: AgentTool = {
  name: AGENT_TOOLS.humanize,
  key: 'humanize',
  description:
    'Humanize antibody chains by CDR grafting onto a human germline framework, keeping the parent residue at Vernier, canonical-structure and VH/VL interface positions; returns parental and humanized sequences, germline identity before and after, mutations and the kept back-mutations with their reasons.',
  parameters: { type: 'object', properties: { ...SEQUENCE_ARGS } },
  async run(args, context): Promise<ToolResult> {
    const chains = chainsFor(args, context).map((chain) => {
      const r = toolkit(`${AGENT_TOOLS.humanize} (${chain.id})`, () => humanize(chain.sequence));
      return {
        id: chain.id,
        label: chain.label,
        chainType: r.chainType,
        parental: r.parent,
        humanized: r.humanized,
        acceptor: r.acceptor,
        identity: { before: r.humanness.before.identity, after: r.humanness.after.identity },
        closestHumanV: {
          before: r.humanness.before.closestHumanV,
          after: r.humanness.after.closestHumanV,
        },
        perRegion: { before: r.humanness.before.perRegion, after: r.humanness.after.perRegion },
        nonHumanFrameworkResidues: {
          before: r.humanness.before.nonHumanFrameworkResidues,
          after: r.humanness.after.nonHumanFrameworkResidues,
        },
        cdrs: r.cdrs,
        mutations: r.mutations,
        backMutations: r.backMutations,
      };
    });
    const line = (c: (typeof chains)[number], zh: boolean) =>
      zh
        ? `${c.id} 人胚系一致性 ${pct(c.identity.before)} → ${pct(c.identity.after)}（受体 ${c.acceptor.v}，${c.mutations.length} 处框架突变，保留亲本关键残基 ${kept(c)} 处）`
        : `${c.id} human germline identity ${pct(c.identity.before)} → ${pct(c.identity.after)} (acceptor ${c.acceptor.v}, ${c.mutations.length} framework mutations, ${kept(c)} key parent residues kept)`;
    return {
      summary: both(
        `人源化：${chains.map((c) => line(c, true)).join('；')}`,
        `Humanization: ${chains.map((c) => line(c, false)).join('; ')}`,
      ),
      data: { chains },
    };
  },
};

// --- antibody.epitopes -------------------------------------------------------------------------

const epitopesTool: AgentTool = {
  name: AGENT_TOOLS.epitopes,
  key: 'epitopes',
  description:
    'Predict B-cell epitopes on an antigen: on its sequence with four classic propensity scales (Kolaskar-Tongaonkar, Parker, Emini, Chou-Fasman): per-residue scores, segments and the consensus regions; on its structure when a PDB file is attached (ElliPro: protrusion index, relative accessibility and half-sphere exposure per residue, ranked discontinuous patches).',
  parameters: {
    type: 'object',
    properties: {
      antigen: { type: 'string', description: 'Antigen protein sequence' },
      chain: { type: 'string', description: 'Antigen chain of the attached PDB file, e.g. "A"' },
    },
  },
  async run(args, context): Promise<ToolResult> {
    const structure = context.inputs.structures[0];
    if (structure) return structureEpitopes(structure, args.chain ?? context.inputs.chain);
    const antigens = antigensFor(args, context).map((antigen) => sequenceEpitopes(antigen));
    const span = (s: Segment) => `${s.start}-${s.end}`;
    const line = (a: (typeof antigens)[number], zh: boolean) => {
      const top = a.regions.slice(0, 5).map(span).join(', ');
      return zh
        ? `${a.id}（${a.length} 个残基）预测表位区 ${a.regions.length} 个${top ? `：${top}` : ''}`
        : `${a.id} (${a.length} residues): ${a.regions.length} predicted epitope regions${top ? `: ${top}` : ''}`;
    };
    return {
      summary: both(
        `表位预测：${antigens.map((a) => line(a, true)).join('；')}`,
        `Epitope prediction: ${antigens.map((a) => line(a, false)).join('; ')}`,
      ),
      data: { antigens },
    };
  },
};

function sequenceEpitopes(antigen: ProteinInput) {
  const p = toolkit(`${AGENT_TOOLS.epitopes} (${antigen.id})`, () =>
    predictEpitopes(antigen.sequence),
  );
  return {
    id: antigen.id,
    length: p.sequence.length,
    sequence: p.sequence,
    methods: p.methods,
    consensus: p.consensus,
    regions: p.consensus.segments,
  };
}

/** How the antigen chain of a structure was chosen: named by the user, the only one, or picked. */
type ChainChoice = 'named' | 'only' | 'picked';

interface ChosenChain {
  residues: PdbResidue[];
  /** Undefined when the file has no protein chain (the toolkit then says so). */
  chain: string | undefined;
  choice: ChainChoice;
  /** Every protein chain of the file with its length and whether it is an antibody domain. */
  chains: { id: string; sequence: string; length: number; antibody: boolean }[];
}

/** The file's chains as a result shows them (without their sequences). */
const chainSummaries = (c: ChosenChain) =>
  c.chains.map(({ id, length, antibody }) => ({ id, length, antibody }));

/**
 * Reads an attached structure and takes its antigen chain: the one the user named, the only protein
 * chain, or, when there are several and none is named, the one chain that is no antibody variable
 * domain (a complex's antigen; the summary says which was taken and what the others were); with two
 * or more such chains of different sequences the owner is asked which (issue 26).
 * A structure too large, without protein or without the named chain fails in both languages.
 */
function antigenChain(structure: MissionStructure, named: string | undefined): ChosenChain {
  if (structure.tooLarge) {
    const tool = `${AGENT_TOOLS.epitopes} (${structure.name})`;
    throw new AgentFailure(
      both(
        `${tool}：结构文件过大（原子记录超过 ${MISSION_STRUCTURE_MAX / 1000} KB）；请只上传抗原链。`,
        `${tool}: the structure is too large (atom records over ${MISSION_STRUCTURE_MAX / 1000} KB); upload the antigen chain alone.`,
      ),
      false,
    );
  }
  const residues = parsePdb(structure.pdb);
  const protein = residues.filter((r) => r.aa !== 'X' && r.atoms.CA);
  const ids = [...new Set(protein.map((r) => r.chain))];
  const chains = ids.map((id) => {
    const sequence = protein
      .filter((r) => r.chain === id)
      .map((r) => r.aa)
      .join('');
    return { id, sequence, length: sequence.length, antibody: isAntibodyDomain(sequence) };
  });
  if (named !== undefined || ids.length <= 1) {
    return { residues, chain: named ?? ids[0], choice: named ? 'named' : 'only', chains };
  }
  const candidates = chains.filter((c) => !c.antibody);
  // A homodimer's copies are one antigen: ask only when the candidates differ.
  if (new Set(candidates.map((c) => c.sequence)).size > 1) {
    throw whichAntigenChain(structure.name, chains);
  }
  const chosen = (candidates.length ? candidates : chains).reduce((a, b) =>
    b.length > a.length ? b : a,
  );
  return { residues, chain: chosen.id, choice: 'picked', chains };
}

/**
 * Several different chains could be the antigen: the owner is asked which (the reply, "chain B" or
 * "链 B", is read like a chain named in the request); without an owner to ask, the node fails with
 * the same words, so the user can ask again naming it.
 */
function whichAntigenChain(
  file: string,
  chains: { id: string; length: number; antibody: boolean }[],
): AgentFailure {
  const listed = (zh: boolean) =>
    chains
      .map((c) =>
        zh
          ? `链 ${c.id}（${c.length} 个残基${c.antibody ? '，抗体可变区' : ''}）`
          : `chain ${c.id} (${c.length} residues${c.antibody ? ', antibody variable domain' : ''})`,
      )
      .join(zh ? '、' : ', ');
  const question = both(
    `${file} 中有多条可能是抗原的蛋白链：${listed(true)}。请指明抗原链，例如回复“链 ${chains.find((c) => !c.antibody)!.id}”。`,
    `${file} has several protein chains that could be the antigen: ${listed(false)}. Which is the antigen? Reply for example "chain ${chains.find((c) => !c.antibody)!.id}".`,
  );
  const failure = new AgentFailure(question, false);
  failure.ask = question;
  return failure;
}

function isAntibodyDomain(sequence: string): boolean {
  try {
    numberSequence(sequence);
    return true;
  } catch {
    return false;
  }
}

const CHOICE_TEXT: Record<ChainChoice, (c: ChosenChain) => LocalizedText> = {
  named: (c) => both(`链 ${c.chain}（按您的指定）`, `chain ${c.chain} (as you named it)`),
  only: (c) => both(`链 ${c.chain}（唯一的蛋白链）`, `chain ${c.chain} (the only protein chain)`),
  picked: (c) => {
    const others = c.chains.filter((x) => x.id !== c.chain).map((x) => x.id);
    return both(
      `链 ${c.chain}（最长的非抗体链；文件中还有链 ${others.join('、')}，如需其他链请说明“链 X”）`,
      `chain ${c.chain} (the longest chain that is no antibody; the file also has chain ${others.join(', ')}: say "chain X" for another)`,
    );
  },
};

/** Residues of the patches shown in a summary at most. */
const PATCH_RESIDUES_SHOWN = 6;

/**
 * ElliPro (Ponomarenko et al., BMC Bioinformatics 2008) on the attached antigen structure: per-residue
 * protrusion index, accessibility and half-sphere exposure, the ranked patches, the sequence scales
 * of the same chain beside them, and the chain's atoms for the 3D view.
 */
function structureEpitopes(structure: MissionStructure, named: string | undefined): ToolResult {
  const chosen = antigenChain(structure, named);
  // The toolkit's own checks give the errors (no protein, no such chain) in both languages.
  const result = toolkit(`${AGENT_TOOLS.epitopes} (${structure.name})`, () =>
    predictStructureEpitopes(chosen.residues, { chain: chosen.chain }),
  );
  const antigen = chosen.residues.filter(
    (r) => result.chains.includes(r.chain) && r.aa !== 'X' && r.atoms.CA,
  );
  const sequence = antigen.map((r) => r.aa).join('');
  let sequenceScales: ReturnType<typeof sequenceEpitopes> | undefined;
  try {
    sequenceScales = sequenceEpitopes({ id: `${structure.name}:${chosen.chain}`, sequence });
  } catch {
    // A chain the sequence scales refuse (too short) still has its structure-based result.
  }
  const patchText = (zh: boolean) =>
    result.patches
      .slice(0, 3)
      .map((p) => {
        const shown = p.residues
          .slice(0, PATCH_RESIDUES_SHOWN)
          .map((r) => `${r.residue}${r.number}`)
          .join(' ');
        const more = p.residues.length > PATCH_RESIDUES_SHOWN ? ' …' : '';
        return zh
          ? `#${p.rank} ${shown}${more}（${p.residues.length} 个残基，得分 ${p.score.toFixed(2)}）`
          : `#${p.rank} ${shown}${more} (${p.residues.length} residues, score ${p.score.toFixed(2)})`;
      })
      .join(zh ? '；' : '; ');
  const choice = CHOICE_TEXT[chosen.choice](chosen);
  return {
    summary: both(
      `结构表位预测（ElliPro）：${structure.name} ${choice.zh}，${antigen.length} 个残基，${result.patches.length} 个表位片区${result.patches.length ? `：${patchText(true)}` : ''}`,
      `Structure-based epitopes (ElliPro): ${structure.name} ${choice.en}, ${antigen.length} residues, ${result.patches.length} epitope patches${result.patches.length ? `: ${patchText(false)}` : ''}`,
    ),
    data: {
      antigens: sequenceScales ? [sequenceScales] : [],
      structure: {
        name: structure.name,
        method: result.method,
        chain: chosen.chain,
        chainChoice: chosen.choice,
        chains: chainSummaries(chosen),
        residues: result.residues,
        patches: result.patches,
        format: 'pdb',
        pdb: writePdb(antigen),
      },
    },
  };
}

// --- antibody.design ---------------------------------------------------------------------------

const designTool: AgentTool = {
  name: AGENT_TOOLS.design,
  key: 'design',
  description:
    'Design antibodies: with a parental antibody chain, a CDR library of it (seeded): variants with substitutions, rejected for new liabilities or lower humanness, ranked; with only an antigen, de novo design against that target: a ranked library of complete human VH/VL (or VHH) antibodies aimed at an epitope (the region given, or the best predicted patch), filtered for CDR liabilities, humanness and developability (an offline starting library to screen, not a binding prediction).',
  parameters: {
    type: 'object',
    properties: {
      ...SEQUENCE_ARGS,
      count: { type: 'integer', minimum: 1, maximum: 1000, description: 'Variants wanted' },
      cdrs: {
        type: 'array',
        items: { type: 'string', enum: ['cdr1', 'cdr2', 'cdr3'] },
        description: 'CDRs to vary, default cdr3',
      },
      seed: { type: 'integer', description: 'Random seed, default 1' },
      antigen: {
        type: 'string',
        description: 'Antigen protein sequence (design against a target)',
      },
      region: {
        type: 'string',
        description: 'Epitope region on the antigen, e.g. "120-140" (design against a target)',
      },
      format: {
        type: 'string',
        enum: ['fv', 'vhh'],
        description:
          'VH/VL pairs or single-domain antibodies (design against a target), default fv',
      },
    },
  },
  async run(args, context): Promise<ToolResult> {
    // Only an antigen given: design against that target instead of varying an antibody's CDRs.
    const hasAntibody =
      Boolean(args.heavy || args.light) ||
      currentChains(context.inputs, context.previous).length > 0;
    const hasAntigen =
      Boolean(args.antigen) ||
      context.inputs.antigens.length > 0 ||
      context.inputs.structures.length > 0;
    if (!hasAntibody && hasAntigen) return designAgainstTarget(args, context);
    const chains = chainsFor(args, context);
    const parent = chains.find((c) => c.label === 'heavy') ?? chains[0];
    const count = Math.min(args.count ?? context.inputs.count ?? 20, 1000);
    const cdrs = args.cdrs ?? context.inputs.cdrs ?? ['cdr3'];
    const seed = args.seed ?? context.inputs.seed ?? 1;
    const r = toolkit(`${AGENT_TOOLS.design} (${parent.id})`, () =>
      designLibrary(parent.sequence, { count, cdrs, seed }),
    );
    const rows = r.variants.slice(0, LIBRARY_ROWS_MAX);
    const best = rows[0];
    const cdrText = cdrs.map((c) => c.toUpperCase()).join('/');
    const rejected = r.rejected.liability + r.rejected.humanness;
    return {
      summary: both(
        `CDR 文库设计：基于 ${parent.id} 改变 ${cdrText}（种子 ${seed}），得到 ${r.variants.length} 条变体${best ? `，最佳得分 ${best.score}` : ''}；因风险位点或人源度淘汰 ${rejected} 条`,
        `CDR library: ${r.variants.length} variants of ${parent.id} varying ${cdrText} (seed ${seed})${best ? `, best score ${best.score}` : ''}; ${rejected} rejected for liabilities or humanness`,
      ),
      data: {
        parentId: parent.id,
        parent: r.parent,
        cdrs,
        count,
        seed: r.seed,
        rules: r.rules,
        generated: r.generated,
        rejected: r.rejected,
        total: r.variants.length,
        rows,
      },
    };
  },
};

/** Designs shown in a node's output at most (the library itself allows 500). */
const TARGET_ROWS_MAX = 200;
const TARGET_DEFAULT_COUNT = 60;

/** De novo design against the antigen of the inputs (antibody.design without an antibody). */
async function designAgainstTarget(args: ToolArgs, context: ToolContext): Promise<ToolResult> {
  // An attached structure is the antigen unless the model passed a sequence: its epitope is then
  // the structure-based one (ElliPro), and the 3D view shows it.
  const structure = args.antigen ? undefined : context.inputs.structures[0];
  const chosen = structure
    ? antigenChain(structure, args.chain ?? context.inputs.chain)
    : undefined;
  const antigen = structure
    ? { id: `${structure.name}${chosen?.chain ? `:${chosen.chain}` : ''}`, sequence: '' }
    : args.antigen
      ? { id: 'antigen', sequence: args.antigen }
      : context.inputs.antigens[0];
  const count = Math.min(args.count ?? context.inputs.count ?? TARGET_DEFAULT_COUNT, 500);
  const seed = args.seed ?? context.inputs.seed ?? 1;
  const region = args.region ?? context.inputs.region;
  const format = args.format ?? context.inputs.format ?? 'fv';
  const r: TargetDesignResult = await toolkitAsync(
    () =>
      designAgainstTargetWith(
        structure ? { pdb: structure.pdb, chain: chosen?.chain } : { sequence: antigen.sequence },
        { count, seed, region, format },
        context.generator ?? {},
      ),
    `${AGENT_TOOLS.design} (${antigen.id})`,
  );
  const best = r.designs[0];
  const epitope = `${r.epitope.start}-${r.epitope.end}`;
  const kind = (zh: boolean) =>
    r.format === 'vhh' ? (zh ? '单域抗体（VHH）' : 'single-domain (VHH)') : 'VH/VL';
  return {
    summary: both(
      `针对靶点的从头设计：抗原 ${antigen.id}（${r.antigen.length} 个残基），表位 ${epitope}（${r.epitope.residues}），得到 ${r.designs.length} 条排序的人源 ${kind(true)} 设计（种子 ${seed}${best ? `，最佳得分 ${best.score}` : ''}）。${r.claim.zh}`,
      `Design against a target: antigen ${antigen.id} (${r.antigen.length} residues), epitope ${epitope} (${r.epitope.residues}), ${r.designs.length} ranked human ${kind(false)} designs (seed ${seed}${best ? `, best score ${best.score}` : ''}). ${r.claim.en}`,
    ),
    data: {
      kind: 'target-design',
      antigenId: antigen.id,
      antigen: r.antigen,
      epitope: r.epitope,
      format: r.format,
      count,
      seed: r.seed,
      scaffolds: r.scaffolds,
      sources: r.sources,
      generated: r.generated,
      rejected: r.rejected,
      rules: r.method,
      developabilityNote: r.developabilityNote,
      claim: r.claim,
      total: r.designs.length,
      rows: r.designs.slice(0, TARGET_ROWS_MAX),
      ...(structure && chosen?.chain
        ? {
            structure: {
              name: structure.name,
              chain: chosen.chain,
              chainChoice: chosen.choice,
              chains: chainSummaries(chosen),
              format: 'pdb',
              pdb: writePdb(
                chosen.residues.filter(
                  (res) => res.chain === chosen.chain && res.aa !== 'X' && res.atoms.CA,
                ),
              ),
            },
          }
        : {}),
    },
  };
}

// --- antibody.structure ------------------------------------------------------------------------

interface ChainRow {
  id: string;
  label: string;
  length: number;
}

const REGION_NAMES: Record<string, { zh: string; en: string }> = {
  framework: { zh: '框架', en: 'framework' },
  orientation: { zh: 'VH-VL 取向', en: 'VH-VL orientation' },
  cdr1: { zh: 'CDR1', en: 'CDR1' },
  cdr2: { zh: 'CDR2', en: 'CDR2' },
  cdr3: { zh: 'CDR3', en: 'CDR3' },
};

/**
 * No external predictor configured: the toolkit's built-in template modeller (ABodyBuilder-style
 * grafting on public PDB structures) answers, and says so, with its estimated error per region.
 */
function builtInModel(
  heavy: ChainInput | undefined,
  light: ChainInput | undefined,
  chainRows: ChainRow[],
): ToolResult {
  const model = toolkit(AGENT_TOOLS.structure, () =>
    modelWithBuiltInTemplates({ heavy: heavy?.sequence, light: light?.sequence }),
  );
  const atoms = model.pdb.split('\n').filter((l) => l.startsWith('ATOM')).length;
  const regions = model.regions.map((r) => ({
    chain: r.chain,
    region: r.region,
    template: r.template,
    identity: r.identity,
    error: r.error,
  }));
  const errors = (lang: 'zh' | 'en') =>
    model.regions
      .filter((r) => r.region !== 'orientation')
      .map((r) => `${r.chain} ${REGION_NAMES[r.region][lang]} ${r.error.toFixed(1)} Å`)
      .join(lang === 'zh' ? '，' : ', ');
  const ids = chainRows.map((c) => c.id).join(' + ');
  // TAP's developability metrics need both chains (a VHH gets none).
  const developability = light ? profileDevelopability(model.residues) : undefined;
  const flags = developability?.flags;
  const tap = flags
    ? both(
        `。TAP 可开发性：绿 ${flags.green}、黄 ${flags.amber}、红 ${flags.red}`,
        `. TAP developability: ${flags.green} green, ${flags.amber} amber, ${flags.red} red`,
      )
    : both('', '');
  return {
    summary: both(
      `内置模板建模完成（非深度学习预测）：${ids}，${atoms} 个原子（PDB）。各区域估计误差：${errors('zh')}${tap.zh}`,
      `Built-in template model (not a deep-learning prediction) of ${ids}: ${atoms} atoms (PDB). Estimated error per region: ${errors('en')}${tap.en}`,
    ),
    data: {
      configured: false,
      predictor: 'built-in-template',
      method: {
        zh: '内置模板建模：按序列相似度从公开 PDB 抗体结构中选取框架、VH-VL 取向和 CDR 环（ABodyBuilder 2016 方法）',
        en: 'Built-in template model: framework, VH-VL orientation and CDR loops taken from public PDB antibody structures by sequence similarity (the ABodyBuilder 2016 method)',
      },
      format: 'pdb',
      chains: chainRows,
      atoms,
      regions,
      developability,
      pdb: model.pdb,
    },
  };
}

const structureTool: AgentTool = {
  name: AGENT_TOOLS.structure,
  key: 'structure',
  description:
    'Predict the 3D structure of an antibody Fv (heavy and light chain, or one VHH) with the configured structure predictor, or with the built-in template modeller when none is configured; returns PDB text (the built-in model gives an estimated error per region).',
  parameters: { type: 'object', properties: { ...SEQUENCE_ARGS } },
  async run(args, context): Promise<ToolResult> {
    const chains = chainsFor(args, context);
    const heavy = chains.find((c) => c.label === 'heavy');
    const light = chains.find((c) => c.label === 'light');
    const chainRows = [heavy, light]
      .filter((c): c is ChainInput => !!c)
      .map((c) => ({ id: c.id, label: c.label, length: c.sequence.length }));
    if (!context.structure.url) return builtInModel(heavy, light, chainRows);
    const p = await toolkitAsync(() =>
      predictStructure({ heavy: heavy?.sequence, light: light?.sequence }, context.structure),
    );
    return {
      summary: both(
        `结构预测完成：${chainRows.map((c) => c.id).join(' + ')}，${p.atoms} 个原子（PDB）`,
        `Structure predicted for ${chainRows.map((c) => c.id).join(' + ')}: ${p.atoms} atoms (PDB)`,
      ),
      data: {
        configured: true,
        predictor: 'external',
        format: 'pdb',
        chains: chainRows,
        atoms: p.atoms,
        pdb: p.pdb,
      },
    };
  },
};

async function toolkitAsync<T>(
  run: () => Promise<T>,
  tool: string = AGENT_TOOLS.structure,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    return toolkit(tool, () => {
      throw error;
    });
  }
}

/** Every built-in tool; the registry's test walks AGENT_TOOL_NAMES against it. */
export const ANTIBODY_TOOLS: readonly AgentTool[] = [
  numberTool,
  liabilitiesTool,
  humanizeTool,
  epitopesTool,
  designTool,
  structureTool,
];
