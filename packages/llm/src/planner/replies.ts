// The built-in planner's replies in both languages. Kept together so the two languages are
// written side by side and say the same thing.
import type { CdrName } from '@platform/antibody';
import { ASSISTANT_JOB_NAMES, type AssistantJob, type Language } from '@platform/contracts';

import type { MissingInput, MissionPlanInputs } from '../mission-plan';
import type { ReadSequence } from './sequences';

type Texts = Record<Language, string>;

export function jobName(job: AssistantJob, lang: Language): string {
  return ASSISTANT_JOB_NAMES[job][lang];
}

const CAPABILITIES: Texts = {
  zh: [
    '我是抗体研发助手，可以为您运行以下任务（用中文或英文描述需求，并粘贴序列或上传 FASTA/PDB 文件）：',
    '1. **抗体从头设计**：针对抗原（序列或 PDB）上的表位设计排序的人源抗体文库，或以一条起始抗体为模板设计 CDR 变体文库，并筛除风险位点；',
    '2. **抗体人源化**：把 CDR 移植到人胚系框架上，在影响亲和力的关键框架位置保留亲本残基，并比较人源化前后的胚系一致性；',
    '3. **表位预测**：根据抗原序列预测线性 B 细胞表位；',
    '4. **结构预测**：预测抗体可变区（重链/轻链）的三维结构；',
    '5. **风险位点分析**：按区域列出脱酰胺、异构化、氧化、糖基化等风险位点。',
    '例如：“请帮我人源化这个抗体：重链 EVQL…，轻链 DIQM…”。',
  ].join('\n'),
  en: [
    'I am the antibody research assistant. I can run these jobs for you (describe what you need in English or Chinese, and paste the sequences or attach FASTA/PDB files):',
    '1. **Antibody de novo design**: a ranked library of human antibodies aimed at an epitope of an antigen you give, or a library of CDR variants of a starting antibody, filtered for risk sites;',
    '2. **Humanization**: the CDRs grafted onto a human germline framework, keeping the parent residue at the framework positions that matter for affinity, with germline identity before and after;',
    '3. **Epitope prediction**: linear B-cell epitopes predicted from an antigen sequence;',
    '4. **Structure prediction**: a 3D model of the antibody variable domains (heavy/light chain);',
    '5. **Risk-site (liability) analysis**: deamidation, isomerization, oxidation, glycosylation and other risk sites by region.',
    'For example: "Please humanize this antibody: heavy chain EVQL…, light chain DIQM…".',
  ].join('\n'),
};

const GREETING: Texts = { zh: '您好！', en: 'Hello!' };

const UNRELATED: Texts = {
  zh: '抱歉，这个问题超出了我能处理的范围，我没有为它启动任何任务。',
  en: "Sorry, that is outside what I can help with, so I haven't started anything.",
};

const DEFINITIONS: Record<AssistantJob, Texts> = {
  denovo: {
    zh: '抗体从头设计是在不依赖免疫的情况下获得新抗体序列。本平台的内置流程只给抗原时，针对其表位在治疗性抗体常用的人胚系骨架上设计 CDR，筛选风险位点、人源度和可开发性后给出排序文库（供筛选的起始文库，不是结合预测）；给一条起始抗体时，在选定的 CDR（默认 CDR3）上生成变体文库。',
    en: 'Antibody de novo design produces new antibody sequences without immunisation. Given only an antigen, the built-in workflow designs CDRs on human germline scaffolds common among therapeutics, aimed at an epitope, and ranks them after filtering for risk sites, humanness and developability (a starting library to screen, not a binding prediction); given a starting antibody, it generates a library of variants in the chosen CDRs (CDR3 by default).',
  },
  humanization: {
    zh: '抗体人源化是把非人源（如小鼠）抗体的 CDR 移植到人源胚系框架上，以降低免疫原性，同时保留结合特异性；必要时回复突变关键框架残基。',
    en: 'Humanization grafts the CDRs of a non-human (e.g. mouse) antibody onto a human germline framework to lower immunogenicity while keeping its specificity, back-mutating key framework residues where needed.',
  },
  epitope: {
    zh: '表位是抗原上被抗体识别并结合的区域。线性 B 细胞表位预测根据抗原序列的亲水性、柔性、表面可及性和转角倾向等氨基酸尺度给出可能的表位区段。',
    en: 'An epitope is the part of an antigen that an antibody recognises and binds. Linear B-cell epitope prediction scores the antigen sequence with amino-acid scales (hydrophilicity, surface accessibility, turns, antigenicity) and reports the likely segments.',
  },
  structure: {
    zh: '结构预测根据抗体重链和轻链可变区的序列计算其三维结构（PDB 格式），用于观察 CDR 构象和结合面。',
    en: 'Structure prediction computes the 3D structure (PDB format) of an antibody from its heavy- and light-chain variable domains, to look at the CDR conformations and the binding surface.',
  },
  liabilities: {
    zh: '风险位点（liability）是序列中可能在生产或储存中发生化学修饰的位置，如脱酰胺（NG、NS）、异构化（DG）、氧化（M、W）、N-糖基化（N-X-S/T）和游离半胱氨酸，出现在 CDR 中时风险更高。',
    en: 'Risk sites (liabilities) are positions likely to be modified chemically during production or storage, such as deamidation (NG, NS), isomerization (DG), oxidation (M, W), N-glycosylation (N-X-S/T) and free cysteines; they matter most inside the CDRs.',
  },
};

const TRY_IT: Record<AssistantJob, Texts> = {
  denovo: {
    zh: '如需运行，请发送“针对这个抗原设计抗体”并附上抗原序列（或发送“从头设计”并附上起始抗体序列）。',
    en: 'To run it, ask to "design antibodies against this antigen" and paste the antigen (or ask for "de novo design" with a starting antibody).',
  },
  humanization: {
    zh: '如需运行，请发送“人源化”并附上抗体的重链和/或轻链序列。',
    en: 'To run it, ask to "humanize" and paste the heavy and/or light chain.',
  },
  epitope: {
    zh: '如需运行，请发送“预测表位”并附上抗原序列。',
    en: 'To run it, ask to "predict epitopes" and paste the antigen sequence.',
  },
  structure: {
    zh: '如需运行，请发送“预测结构”并附上抗体的重链和/或轻链序列。',
    en: 'To run it, ask to "predict the structure" and paste the heavy and/or light chain.',
  },
  liabilities: {
    zh: '如需运行，请发送“风险位点分析”并附上抗体序列。',
    en: 'To run it, ask for a "risk-site analysis" and paste the antibody sequence.',
  },
};

const WHAT_HAPPENS: Record<AssistantJob, Texts> = {
  denovo: {
    zh: '流程会以该抗体为模板在 {cdrs} 上生成 {count} 个变体，并按风险位点筛选。',
    en: 'The workflow will generate {count} variants in {cdrs} from this antibody and filter them for risk sites.',
  },
  humanization: {
    zh: '流程会为各条链编号、把 CDR 移植到人胚系框架上（在 Vernier 区、典型结构决定位点和 VH/VL 界面保留亲本残基并说明理由），并给出人源化前后的胚系一致性。',
    en: 'The workflow will number each chain, graft the CDRs onto a human germline framework (keeping the parent residue at Vernier, canonical-structure and VH/VL interface positions, each with its reason) and report germline identity before and after.',
  },
  epitope: {
    zh: '流程会用经典氨基酸尺度（Parker、Kolaskar-Tongaonkar、Emini、Chou-Fasman）给出预测的线性 B 细胞表位区段。',
    en: 'The workflow will score the antigen with the classic scales (Parker, Kolaskar-Tongaonkar, Emini, Chou-Fasman) and report the predicted linear B-cell epitope segments.',
  },
  structure: {
    zh: '流程会调用平台配置的结构预测服务并返回 PDB 结构；未配置预测服务时，由内置模板建模给出模型（并非深度学习预测），附各区域的估计误差。',
    en: 'The workflow will call the structure predictor configured on the platform and return a PDB model; when none is configured, the built-in template model answers (not a deep-learning prediction), with the estimated error of each region.',
  },
  liabilities: {
    zh: '流程会为各条链编号（{scheme}），并按区域（CDR/框架）列出风险位点。',
    en: 'The workflow will number each chain ({scheme}) and list the risk sites by region (CDRs and frameworks).',
  },
};

const EXAMPLE_ANTIBODY = '>VH\nEVQLVESGGGLVQPGGSLRLSCAAS…\n>VL\nDIQMTQSPSSLSASVGDRVTITC…';
const EXAMPLE_ANTIGEN = '>antigen\nMKTAYIAKQRQISFVKSHFSRQ…';

function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function capabilitiesReply(
  lang: Language,
  opening: 'greeting' | 'unrelated' | 'help',
): string {
  const first =
    opening === 'greeting' ? GREETING[lang] : opening === 'unrelated' ? UNRELATED[lang] : '';
  return [first, CAPABILITIES[lang]].filter(Boolean).join(lang === 'zh' ? '' : ' ');
}

export function definitionReply(job: AssistantJob, lang: Language): string {
  return `${DEFINITIONS[job][lang]}\n\n${TRY_IT[job][lang]}`;
}

export function chainName(read: ReadSequence, lang: Language): string {
  const names: Record<ReadSequence['kind'], Texts> = {
    heavy: { zh: '重链', en: 'heavy chain' },
    kappa: { zh: 'κ 轻链', en: 'kappa light chain' },
    lambda: { zh: 'λ 轻链', en: 'lambda light chain' },
    protein: { zh: '蛋白序列', en: 'protein sequence' },
  };
  return names[read.kind][lang];
}

function species(name: string, lang: Language): string {
  const zh: Record<string, string> = { human: '人源', mouse: '鼠源' };
  return lang === 'zh' ? (zh[name] ?? name) : name;
}

/**
 * One line describing a sequence that will be used: its closest germline as the numbering names it,
 * the closest human germline for a non-human chain, and for humanization the acceptor germlines
 * the mission will graft onto.
 */
export function describeRead(
  read: ReadSequence,
  role: 'heavy' | 'light' | 'antigen',
  lang: Language,
  job?: AssistantJob,
): string {
  const length = read.sequence.length;
  if (role === 'antigen') {
    return lang === 'zh' ? `- 抗原：${length} 个残基` : `- Antigen: ${length} residues`;
  }
  const g = read.germline;
  const parts: string[] = [];
  if (g) {
    parts.push(
      lang === 'zh'
        ? `${species(g.species, lang)}，最接近的胚系 ${g.closest.gene}`
        : `${g.species}, closest germline ${g.closest.gene}`,
    );
    if (g.species !== 'human') {
      parts.push(
        lang === 'zh'
          ? `最接近的人胚系 ${g.closestHuman.gene}`
          : `closest human germline ${g.closestHuman.gene}`,
      );
    }
    if (job === 'humanization') {
      parts.push(
        lang === 'zh'
          ? `人源化受体胚系 ${g.acceptor.v} / ${g.acceptor.j}`
          : `humanization acceptor ${g.acceptor.v} / ${g.acceptor.j}`,
      );
    }
  }
  const germline = parts.map((p) => (lang === 'zh' ? `，${p}` : `, ${p}`)).join('');
  return lang === 'zh'
    ? `- ${chainName(read, lang)}：${length} 个残基${germline}`
    : `- ${capital(chainName(read, lang))}: ${length} residues${germline}`;
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function cdrList(cdrs: readonly CdrName[] | undefined, lang: Language): string {
  const list = (cdrs ?? ['cdr3']).map((c) => c.toUpperCase());
  return lang === 'zh' ? list.join('、') : list.join(', ');
}

export interface PlanReplyParts {
  /** One entry per mission, in the order they start. */
  plans: { job: AssistantJob; inputs: MissionPlanInputs; workflowKey: string }[];
  lines: string[];
  notes: string[];
  canStart: boolean;
}

/** De novo design with only an antigen: design against the target. */
const TARGET_DESIGN: Texts = {
  zh: '流程会在抗原上选定表位（您指定的区域，或预测的最佳表位），在治疗性抗体常用的人胚系骨架上设计 {count} 个抗体，筛除 CDR 高风险位点、人源度不足和可开发性差的设计并排序。这是供实验筛选的起始文库，不是结合预测。',
  en: 'The workflow will pick the epitope on the antigen (the region you named, or the best predicted one), design {count} antibodies on human germline scaffolds common among therapeutics, filter out CDR risk sites, low humanness and poor developability, and rank them. It is a starting library to screen, not a prediction of binding.',
};

function isTargetDesign(p: PlanReplyParts['plans'][number]): boolean {
  return p.job === 'denovo' && !p.inputs.heavy && !p.inputs.light && Boolean(p.inputs.antigen);
}

export function planReply(parts: PlanReplyParts, lang: Language): string {
  const names = parts.plans.map((p) => `**${jobName(p.job, lang)}**`);
  const list = lang === 'zh' ? names.join('、') : joinEnglish(names);
  const head =
    lang === 'zh'
      ? `好的，我来为您进行${list}。识别到的输入：`
      : `Sure, I'll run ${list}. Inputs found:`;
  const whats = parts.plans.map((p) =>
    fill((isTargetDesign(p) ? TARGET_DESIGN : WHAT_HAPPENS[p.job])[lang], {
      count: p.inputs.count ?? (isTargetDesign(p) ? 60 : 20),
      cdrs: cdrList(p.inputs.cdrs, lang),
      scheme: (p.inputs.scheme ?? 'imgt').toUpperCase(),
    }),
  );
  const keys = parts.plans.map((p) => `\`${p.workflowKey}\``);
  const several = keys.length > 1;
  const keyList = lang === 'zh' ? keys.join('、') : joinEnglish(keys);
  const start = parts.canStart
    ? lang === 'zh'
      ? `正在启动工作流 ${keyList}${several ? '（每项一个任务）' : ''}，进度会显示在下方的任务卡片上。`
      : `Starting the workflow${several ? 's' : ''} ${keyList}${several ? ' (one mission each)' : ''}; ${several ? 'their' : 'its'} progress shows on the mission card${several ? 's' : ''} below.`
    : lang === 'zh'
      ? `可以用工作流 ${keyList} 运行。`
      : `It runs with the workflow${several ? 's' : ''} ${keyList}.`;
  return [
    head,
    parts.lines.join('\n'),
    ...parts.notes,
    [...whats, start].join(lang === 'zh' ? '' : ' '),
  ]
    .filter(Boolean)
    .join('\n\n');
}

function joinEnglish(items: string[]): string {
  if (items.length <= 2) return items.join(' and ');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const OTHER_CHAIN: Record<'heavy' | 'light', Texts> = {
  heavy: { zh: '重链（VH）', en: 'heavy chain (VH)' },
  light: { zh: '轻链（VL）', en: 'light chain (VL)' },
};

export function askReply(
  job: AssistantJob,
  missing: MissingInput | 'heavy' | 'light',
  notes: readonly string[],
  lang: Language,
): string {
  const name = jobName(job, lang);
  if (missing === 'heavy' || missing === 'light') {
    const chain = OTHER_CHAIN[missing][lang];
    const ask =
      lang === 'zh'
        ? `您要的是 VH/VL 配对的**${name}**，我还需要${chain}的氨基酸序列。请直接粘贴在消息里，或上传 FASTA 文件，例如：`
        : `You asked for **${name}** of the VH/VL pair, so I also need the ${chain} sequence. Paste it in your message or attach a FASTA file, for example:`;
    const example =
      missing === 'heavy'
        ? EXAMPLE_ANTIBODY.split('\n>VL')[0]
        : `>VL\n${EXAMPLE_ANTIBODY.split('>VL\n')[1]}`;
    return [...notes, `${ask}\n\n\`\`\`\n${example}\n\`\`\``].join('\n\n');
  }
  const ask =
    missing === 'antigen'
      ? lang === 'zh'
        ? `要进行**${name}**，我需要抗原的氨基酸序列。请直接粘贴在消息里，或上传 FASTA 文件，例如：`
        : `To run **${name}** I need the antigen's amino-acid sequence. Paste it in your message or attach a FASTA file, for example:`
      : lang === 'zh'
        ? `要进行**${name}**，我需要抗体可变区的氨基酸序列（重链 VH 和/或轻链 VL）。请直接粘贴在消息里，或上传 FASTA 文件，例如：`
        : `To run **${name}** I need the antibody's variable-domain sequences (heavy chain VH and/or light chain VL). Paste them in your message or attach a FASTA file, for example:`;
  const example = missing === 'antigen' ? EXAMPLE_ANTIGEN : EXAMPLE_ANTIBODY;
  return [...notes, `${ask}\n\n\`\`\`\n${example}\n\`\`\``].join('\n\n');
}

export function whichJobReply(
  reads: readonly ReadSequence[],
  notes: readonly string[],
  lang: Language,
): string {
  const usable = reads.filter((r) => !r.problem);
  const antibodies = usable.filter((r) => r.kind !== 'protein');
  const proteins = usable.filter((r) => r.kind === 'protein');
  const found = usable.map((r) => chainName(r, lang)).join(lang === 'zh' ? '、' : ', ');
  const options: string[] = [];
  if (antibodies.length > 0) {
    options.push(
      ...(['humanization', 'liabilities', 'structure', 'denovo'] as const).map((j) =>
        jobName(j, lang),
      ),
    );
  }
  if (proteins.length > 0) options.push(jobName('epitope', lang));
  if (usable.length === 0) return [...notes, CAPABILITIES[lang]].join('\n\n');
  const question =
    lang === 'zh'
      ? `我在消息中找到了：${found}。您希望对它做什么？可以选择：${options.join('、')}。`
      : `I found: ${found}. What would you like me to do with it? I can run ${options.join(', ')}.`;
  return [...notes, question].join('\n\n');
}

export const NOTES = {
  problem: (read: ReadSequence, lang: Language): string => {
    const which = read.name ? (lang === 'zh' ? `“${read.name}”` : `"${read.name}"`) : '';
    const text = read.problem ? read.problem[lang] : '';
    return lang === 'zh'
      ? `无法使用序列${which}：${text}`
      : `I could not use the sequence ${which}: ${text}`.replace('  ', ' ');
  },
  labelMismatch: (read: ReadSequence, lang: Language): string => {
    const said =
      read.label === 'heavy'
        ? { zh: '重链', en: 'heavy chain' }
        : { zh: '轻链', en: 'light chain' };
    return lang === 'zh'
      ? `标为${said.zh}的序列经编号识别为${chainName(read, lang)}，已按${chainName(read, lang)}使用。`
      : `The sequence labelled ${said.en} numbers as a ${chainName(read, lang)}; I used it as the ${chainName(read, lang)}.`;
  },
  notAntibody: (read: ReadSequence, lang: Language): string => {
    const said =
      read.label === 'heavy'
        ? { zh: '重链', en: 'heavy chain' }
        : { zh: '轻链', en: 'light chain' };
    return lang === 'zh'
      ? `标为${said.zh}的序列（${read.sequence.length} 个残基）不像抗体可变区，无法按抗体链使用。`
      : `The sequence labelled ${said.en} (${read.sequence.length} residues) does not look like an antibody variable domain, so I cannot use it as a chain.`;
  },
  unused: (count: number, lang: Language): string =>
    lang === 'zh'
      ? `另有 ${count} 条序列未用于本次任务。`
      : `${count} other sequence${count === 1 ? ' was' : 's were'} not used for this job.`,
  onlyAntibody: (lang: Language): string =>
    lang === 'zh'
      ? '您提供的是抗体序列；表位预测需要的是抗原序列。'
      : 'The sequences you gave are antibody chains; epitope prediction needs the antigen.',
  fixTarget: (lang: Language): string =>
    lang === 'zh'
      ? '没有启动任务。请发送更正后的抗原序列（至少 8 个氨基酸）或抗原范围内的区域，例如“区域 40-55”。'
      : 'Nothing was started. Send the corrected antigen (at least 8 amino acids) or a region inside it, such as "region 40-55".',
  denovoTwoWays: (lang: Language): string =>
    lang === 'zh'
      ? '说明：抗体从头设计有两种方式：只给抗原序列时，针对抗原上的表位（您指定的区域，如“区域 40-55”，或预测的最佳表位）设计一个排序的人源抗体文库；给一条起始抗体时，在其 CDR 上设计变体文库。'
      : 'Note: de novo design runs two ways: given only the antigen, it designs a ranked library of human antibodies aimed at an epitope (a region you name, such as "region 40-55", or the best predicted one); given a starting antibody, it designs a library of variants in its CDRs.',
  onlyProtein: (lang: Language): string =>
    lang === 'zh'
      ? '您提供的序列不像抗体可变区（可能是抗原）。'
      : 'The sequence you gave does not look like an antibody variable domain (it may be an antigen).',
};

export function toolResultReply(content: string, lang: Language): string {
  let result: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(content);
    if (typeof parsed === 'object' && parsed !== null) result = parsed as Record<string, unknown>;
  } catch {
    // A plain-text tool result is read as an error text only when it says so.
    if (/error|fail|失败|错误/i.test(content)) result = { error: content };
  }
  const error = result.error;
  if (error !== undefined && error !== null && error !== false) {
    const text = typeof error === 'string' ? error : JSON.stringify(error);
    return lang === 'zh' ? `任务未能启动：${text}` : `The mission could not be started: ${text}`;
  }
  const code =
    typeof result.code === 'string' || typeof result.code === 'number' ? String(result.code) : '';
  return lang === 'zh'
    ? `任务已创建${code ? `（编号 ${code}）` : ''}，可在任务卡片上查看进度和结果。`
    : `The mission has been created${code ? ` (code ${code})` : ''}; follow its progress and results on the mission card.`;
}
