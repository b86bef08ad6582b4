import {
  analyzeLiabilities,
  designLibrary,
  humanize,
  numberSequence,
  predictEpitopes,
} from '@platform/antibody';
import type { MissionLogView, MissionView } from '@platform/contracts';

// Missions and node runs as the API answers them, for the mission screens' tests.

let nextLogId = 1;

export function logRow(overrides: Partial<MissionLogView> = {}): MissionLogView {
  const id = overrides.id ?? nextLogId++;
  return {
    id,
    runId: 'run-1',
    missionCode: 'M20250101000000ABCDEF01',
    nodeId: 'Task_1',
    nodeName: '编号',
    nodeNameEn: 'Numbering',
    agent: 'Numbering agent',
    inputs: { text: 'EVQLVESGGG' },
    outputs: null,
    status: 'running',
    error: '',
    startedAt: '2025-01-01T00:00:00.000Z',
    endedAt: '',
    attempt: 1,
    promptTokens: 0,
    completionTokens: 0,
    tokensEstimated: false,
    ...overrides,
  };
}

export function missionView(overrides: Partial<MissionView> = {}): MissionView {
  return {
    id: 7,
    code: 'M20250101000000ABCDEF01',
    name: 'Humanization',
    description: '',
    workflowId: 3,
    workflowVersion: 1,
    workflowVersionId: 11,
    ownerUserId: 2,
    conversationId: null,
    status: 'in_progress',
    language: 'en',
    startedAt: '2025-01-01T00:00:00.000Z',
    endedAt: '',
    createTime: '2025-01-01T00:00:00.000Z',
    updateTime: '2025-01-01T00:00:00.000Z',
    inputs: { text: 'humanize' },
    result: null,
    error: '',
    processDefinitionId: 'flow:1:abc',
    processInstanceId: 'pi-1',
    currentRunId: 'run-1',
    currentNodes: [],
    diagram: '',
    waiting: null,
    ...overrides,
  };
}

// Node outputs as the agent worker's toolkit tools produce them, computed by the real toolkit, for
// the tests of the result views.

export const TRASTUZUMAB_VH =
  'EVQLVESGGGLVQPGGSLRLSCAASGFNIKDTYIHWVRQAPGKGLEWVARIYPTNGYTRYADSVKGRFTISADTSKNTAYLQMNSLRAEDTAVYYCSRWGGDGFYAMDYWGQGTLVTVSS';
export const RITUXIMAB_VH =
  'QVQLQQPGAELVKPGASVKMSCKASGYTFTSYNMHWVKQTPGRGLEWIGAIYPGNGDTSYNQKFKGKATLTADKSSSTAYMQLSSLTSEDSAVYYCARSTYYGGDWYFNVWGAGTTVTVSA';
export const LYSOZYME =
  'KVFGRCELAAAMKRHGLDNYRGYSLGNWVCAAKFESNFNTQATNRNTDGSTDYGILQINSRWWCNDGRTPGSRNLCNIPCSALLSSDITASVNCAKKIVSDGNGMNAWVAWRNRCKGTDVQAWIRGCRL';

/** A humanization node's output: a summary, then per chain the numbering, risk sites and grafting. */
export function humanizationOutput() {
  const report = analyzeLiabilities(RITUXIMAB_VH);
  return {
    result: { zh: '已人源化 1 条链', en: 'Humanized 1 chain' },
    humanize: {
      chains: [
        {
          id: 'rituximab_VH',
          numbering: report.numbering,
          liabilities: report.liabilities,
          developability: report.developability,
          humanization: humanize(RITUXIMAB_VH),
        },
      ],
    },
    files: ['rituximab_humanized.fasta'],
  };
}

export const numberingOutput = () => ({ number: numberSequence(TRASTUZUMAB_VH) });
export const epitopeOutput = () => ({ epitopes: predictEpitopes(LYSOZYME) });
export const libraryOutput = () => ({
  design: designLibrary(TRASTUZUMAB_VH, { cdrs: ['cdr3'], count: 12, seed: 7 }),
});

/** CDRs as the worker's `number` tool gives them: a span per region with its sequence. */
function cdrSpans(n: ReturnType<typeof numberSequence>) {
  const span = (region: 'cdr1' | 'cdr2' | 'cdr3') => {
    const residues = n.residues.filter((r) => r.region === region);
    return {
      sequence: residues.map((r) => r.residue).join(''),
      start: residues[0]?.position,
      end: residues.at(-1)?.position,
    };
  };
  return { cdr1: span('cdr1'), cdr2: span('cdr2'), cdr3: span('cdr3') };
}

/**
 * A humanization node's output as the agent worker writes it (services/agent-worker antibody
 * tools, in order, without a language model): `result` in the mission's language, the summary in
 * both, the steps, then one key per tool with its chains, and `files`.
 */
export function workerHumanizationOutput() {
  const n = numberSequence(RITUXIMAB_VH);
  const h = humanize(RITUXIMAB_VH);
  const summary = { zh: '人源化：rituximab_VH 人胚系一致性 …', en: 'Humanization: rituximab_VH …' };
  return {
    result: summary.zh,
    summary,
    steps: [{ kind: 'tool', name: 'antibody.number', summary }],
    number: {
      scheme: 'imgt',
      chains: [
        {
          id: 'rituximab_VH',
          label: 'heavy',
          source: 'input',
          chainType: n.chainType,
          species: n.species,
          scheme: n.scheme,
          sequence: n.sequence.slice(n.start, n.end + 1),
          residues: n.residues.map((r) => ({
            position: r.position,
            residue: r.residue,
            region: r.region,
            index: r.index + 1,
          })),
          cdrs: cdrSpans(n),
          germlines: n.germlines,
          warnings: n.warnings,
        },
      ],
    },
    humanize: {
      chains: [
        {
          id: 'rituximab_VH',
          label: 'heavy',
          chainType: h.chainType,
          parental: h.parent,
          humanized: h.humanized,
          acceptor: h.acceptor,
          identity: { before: h.humanness.before.identity, after: h.humanness.after.identity },
          closestHumanV: {
            before: h.humanness.before.closestHumanV,
            after: h.humanness.after.closestHumanV,
          },
          perRegion: { before: h.humanness.before.perRegion, after: h.humanness.after.perRegion },
          nonHumanFrameworkResidues: {
            before: h.humanness.before.nonHumanFrameworkResidues,
            after: h.humanness.after.nonHumanFrameworkResidues,
          },
          cdrs: h.cdrs,
          mutations: h.mutations,
          backMutations: h.backMutations,
        },
      ],
    },
    files: [],
  };
}

/** A design node's output as the worker writes it: the library's first variants as `rows`. */
export function workerLibraryOutput() {
  const r = designLibrary(TRASTUZUMAB_VH, { cdrs: ['cdr3'], count: 12, seed: 3 });
  return {
    result: 'CDR 文库设计',
    summary: { zh: 'CDR 文库设计', en: 'CDR library' },
    design: {
      parentId: 'trastuzumab_VH',
      parent: r.parent,
      cdrs: ['cdr3'],
      count: 12,
      seed: r.seed,
      rules: r.rules,
      generated: r.generated,
      rejected: r.rejected,
      total: r.variants.length,
      rows: r.variants,
    },
    files: [],
  };
}
