import { AGENT_TOOLS, type AgentToolName } from '@platform/contracts';

// The skills and agents the seeded workflows run (issue 12), in zh and en. One skill per built-in
// tool; each agent has the skills whose tools it calls, so the agent worker runs the real antibody
// toolkit, and a language model, when configured, follows the instructions. Agents are matched to
// diagram nodes by name (node name = agent name, descriptor nameen = agent nameEn). Part of the seed
// migration: what it seeds must not change once released (a later change is a new migration).

/** Who the seeded rows are created by (as the identity service's seeds). */
export const SEED_ACTOR = 'system';

export interface SeedSkill {
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  instruction: string;
  tools: readonly AgentToolName[];
}

export interface SeedAgent {
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  instruction: string;
  /** English names of its skills, in the order the worker runs their tools. */
  skills: readonly string[];
}

const REPLY =
  "Write the summary in the mission's language (Chinese for zh, English for en), and keep sequences, " +
  'positions and gene names exactly as the tools gave them.';

export const SKILLS = {
  numbering: {
    name: '抗体编号',
    nameEn: 'Antibody numbering',
    description:
      '对抗体重链、轻链可变区进行 IMGT、Kabat 或 Chothia 编号，划分 CDR 与框架区，给出最接近的胚系基因。',
    descriptionEn:
      'Numbers antibody heavy- and light-chain variable domains (IMGT, Kabat or Chothia), delimits the CDRs and frameworks and names the closest germline genes.',
    instruction:
      'Call antibody.number on every antibody variable domain of the inputs, in the scheme the user asked for (IMGT when none). ' +
      'Report for each chain its type, CDR1 to CDR3 with their sequences and position ranges, the framework regions, and the closest human V and J germlines with their identity. ' +
      'A chain that cannot be numbered is reported with the reason, never guessed.',
    tools: [AGENT_TOOLS.number],
  },
  liabilities: {
    name: '风险位点分析',
    nameEn: 'Liability analysis',
    description:
      '按区域（CDR、框架区）找出序列风险位点（糖基化、脱酰胺、异构化、氧化、游离半胱氨酸等），并给出可开发性指标。',
    descriptionEn:
      'Finds sequence liabilities (glycosylation, deamidation, isomerisation, oxidation, unpaired cysteines and more) by region (CDRs, frameworks) and gives developability figures.',
    instruction:
      'Call antibody.liabilities on every antibody variable domain to check. ' +
      'Group the liabilities by region (CDR1-3, FR1-4) and by severity (high, medium, low), give each motif with its position, ' +
      'and list the developability figures with their flags (green, amber, red). High-severity liabilities inside CDRs come first.',
    tools: [AGENT_TOOLS.liabilities],
  },
  humanize: {
    name: 'CDR 移植人源化',
    nameEn: 'CDR-grafting humanization',
    description:
      '保留亲本 CDR（IMGT ∪ Kabat 定义），将其移植到人胚系框架上，并在 Vernier 区、CDR 典型结构决定位点和 VH/VL 界面保留亲本残基（逐条给出理由），附人源度报告。',
    descriptionEn:
      "Keeps the parent's CDRs (IMGT ∪ Kabat definitions), grafts them onto human germline frameworks keeping the parent residue at Vernier, canonical-structure and VH/VL interface positions (each with its reason), with a humanness report.",
    instruction:
      'Call antibody.humanize on every non-human antibody variable domain. ' +
      'Report the acceptor V and J germlines with their framework identity, the humanized sequence, every framework mutation, ' +
      'the suggested Vernier-zone and VH/VL-interface back-mutations (suggested, not applied), and the humanness before and after.',
    tools: [AGENT_TOOLS.humanize],
  },
  epitopes: {
    name: '线性 B 细胞表位预测',
    nameEn: 'Linear B-cell epitope prediction',
    description:
      '用经典氨基酸标度（Kolaskar-Tongaonkar 抗原性、Parker 亲水性、Emini 表面可及性、Chou-Fasman 转角）对抗原序列打分，给出多数方法一致的预测区域。',
    descriptionEn:
      'Scores an antigen sequence with the classic scales (Kolaskar-Tongaonkar antigenicity, Parker hydrophilicity, Emini surface accessibility, Chou-Fasman turns) and gives the regions most methods agree on.',
    instruction:
      'Call antibody.epitopes on the antigen protein sequence of the inputs. ' +
      'Report, for each method, its window and threshold and the segments above it, then the consensus regions (start, end, peptide, score) that most methods agree on, best first. ' +
      'Say that these are sequence-based predictions of linear epitopes, not of conformational ones.',
    tools: [AGENT_TOOLS.epitopes],
  },
  design: {
    name: 'CDR 文库设计',
    nameEn: 'CDR library design',
    description:
      '以亲本抗体为起点，按 BLOSUM62 在指定 CDR 上生成变体文库，淘汰新增高风险位点或人源度下降的变体，并排序。',
    descriptionEn:
      'Generates a variant library on the chosen CDRs of a parent antibody by BLOSUM62-guided substitution, rejects variants that add high-severity liabilities or lose humanness, and ranks the rest.',
    instruction:
      'Call antibody.design on the parent antibody variable domain with the CDRs (CDR3 when none), the number of variants (20 when none) and the seed the user gave. ' +
      'Report the parent CDRs, how many variants were generated and why the others were rejected (duplicate, liability, humanness), ' +
      'then the ranked variants with their substitutions, added medium liabilities, human identity and score.',
    tools: [AGENT_TOOLS.design],
  },
  structure: {
    name: '抗体结构预测',
    nameEn: 'Antibody structure prediction',
    description:
      '调用平台配置的结构预测服务（如自建的 ESMFold 或 ImmuneBuilder）预测抗体可变区结构；未配置时明确说明。',
    descriptionEn:
      "Predicts the variable-domain structure with the platform's configured predictor (e.g. a self-hosted ESMFold or ImmuneBuilder); says so plainly when none is configured.",
    instruction:
      'Call antibody.structure with the heavy and light variable domains of the inputs. ' +
      'When a structure comes back, report the predictor, the chains modelled and the size of the model, and offer the PDB file. ' +
      'When no predictor is configured, say exactly that and that an administrator can set one; never invent coordinates.',
    tools: [AGENT_TOOLS.structure],
  },
} as const satisfies Record<string, SeedSkill>;

export const AGENTS = {
  numbering: {
    name: '抗体编号智能体',
    nameEn: 'Numbering agent',
    description: '为抗体序列编号，标出 CDR、框架区和最接近的胚系基因。',
    descriptionEn:
      'Numbers antibody sequences and marks their CDRs, frameworks and closest germlines.',
    instruction:
      'You are an antibody numbering specialist. Find the antibody variable domains in the inputs (FASTA, labelled or bare sequences) and number each with the Antibody numbering skill. ' +
      'Give a short table per chain: chain type, scheme, CDR1-3 with sequences and ranges, closest human V/J germlines and identity. ' +
      'If no antibody chain is found, say which input is missing. ' +
      REPLY,
    skills: [SKILLS.numbering.nameEn],
  },
  liabilities: {
    name: '风险位点分析师',
    nameEn: 'Liability analyst',
    description: '按区域分析抗体序列的风险位点与可开发性，指出需要关注的位点。',
    descriptionEn:
      'Analyses the liabilities and developability of antibody sequences by region and points out the sites to watch.',
    instruction:
      'You are a developability scientist. Analyse the liabilities of the antibody chains of this run with the Liability analysis skill: the designed or humanized chains of an earlier node when there are any, else the chains of the inputs. ' +
      'Summarise by region (CDRs first) and severity, name each high-severity site with its motif and position and why it matters, ' +
      'and end with the developability flags and a one-line verdict. ' +
      REPLY,
    skills: [SKILLS.liabilities.nameEn],
  },
  humanization: {
    name: '人源化智能体',
    nameEn: 'Humanization agent',
    description:
      '将非人源抗体的 CDR 移植到人胚系框架上，并保留影响亲和力的关键框架残基（回复突变）。',
    descriptionEn:
      'Grafts the CDRs of a non-human antibody onto human germline frameworks, keeping the framework residues known to matter for affinity (back-mutations).',
    instruction:
      'You are an antibody engineer. Humanize every antibody chain of the inputs with the CDR-grafting humanization skill. ' +
      'For each chain give the acceptor germlines, the humanized sequence, the number of framework mutations and the back-mutations to consider, ' +
      'and the human germline identity before and after. ' +
      REPLY,
    skills: [SKILLS.humanize.nameEn],
  },
  humanizationReviewer: {
    name: '人源化质检员',
    nameEn: 'Humanization reviewer',
    description: '检查人源化结果：重新编号确认 CDR 未改变，并评估人源度与新增风险位点。',
    descriptionEn:
      'Checks a humanization: renumbers the humanized chains to confirm the CDRs are unchanged, and reviews humanness and new liabilities.',
    instruction:
      'You are the reviewer of a humanization. Number the humanized chains from the previous node with the Antibody numbering skill and confirm that every CDR equals the parent CDR; ' +
      'analyse them with the Liability analysis skill and report any liability the grafting added. ' +
      'Report the humanness before and after, and conclude with pass or needs review, with the reason. ' +
      REPLY,
    skills: [SKILLS.numbering.nameEn, SKILLS.liabilities.nameEn],
  },
  epitopes: {
    name: '表位预测智能体',
    nameEn: 'Epitope predictor',
    description: '根据抗原序列预测线性 B 细胞表位区域。',
    descriptionEn: 'Predicts linear B-cell epitope regions from an antigen sequence.',
    instruction:
      'You are an immunoinformatics analyst. Take the antigen protein sequence of the inputs and run the Linear B-cell epitope prediction skill. ' +
      'Report the consensus regions first (position range, peptide, score, how many methods agree), then the per-method segments briefly. ' +
      'If no antigen sequence is given, ask for it. ' +
      REPLY,
    skills: [SKILLS.epitopes.nameEn],
  },
  designer: {
    name: 'CDR 文库设计师',
    nameEn: 'CDR library designer',
    description: '以亲本抗体为起点设计 CDR 变体文库，并按保守性、风险位点和人源度筛选排序。',
    descriptionEn:
      'Designs a CDR variant library from a parent antibody, filtered and ranked by conservation, liabilities and humanness.',
    instruction:
      'You are an antibody designer. Design a CDR library from the parent antibody of the inputs with the CDR library design skill, ' +
      'using the CDRs, variant count and seed the user asked for. ' +
      'Report the rules applied, how many variants were generated and rejected, and the top variants with their substitutions and scores. ' +
      REPLY,
    skills: [SKILLS.design.nameEn],
  },
  structure: {
    name: '结构预测智能体',
    nameEn: 'Structure predictor',
    description: '调用已配置的结构预测服务预测抗体结构；未配置预测服务时明确告知。',
    descriptionEn:
      'Predicts the antibody structure with the configured predictor, and says clearly when no predictor is configured.',
    instruction:
      'You are a structural biologist. Predict the structure of the antibody variable domains of the inputs with the Antibody structure prediction skill. ' +
      'When a model comes back, summarise the chains modelled and the model size and point to the PDB file. ' +
      'When no predictor is configured, the result is exactly that: say that no structure predictor is configured and that an administrator can set one. ' +
      REPLY,
    skills: [SKILLS.structure.nameEn],
  },
} as const satisfies Record<string, SeedAgent>;

export const SEED_SKILLS: readonly SeedSkill[] = Object.values(SKILLS);
export const SEED_AGENTS: readonly SeedAgent[] = Object.values(AGENTS);
