import type { AssistantJob, Language } from '@platform/contracts';

interface Phrase {
  pattern: RegExp;
  weight: number;
}

// Usual phrasings of each job in English and Chinese. A request that names what to do ("predict
// the epitopes", "设计抗体") outweighs one that only names the subject ("epitope"); a job's score is
// its best phrase, and ties go to the more specific job (the order of JOB_ORDER).
const PHRASES: Record<AssistantJob, Phrase[]> = {
  humanization: [
    { pattern: /\bhumani[sz](?:e|es|ed|ing|ation|ations)\b/i, weight: 5 },
    { pattern: /\bcdr[- ]?graft(?:ing|ed)?\b|\bgraft\w*\b.{0,30}\bcdrs?\b/i, weight: 5 },
    { pattern: /\b(?:make|making)\b.{0,30}\bmore human(?:-like)?\b/i, weight: 4 },
    { pattern: /\b(?:reduce|lower|decrease)\b.{0,20}\bimmunogenicity\b/i, weight: 4 },
    { pattern: /\bhumanness\b/i, weight: 3 },
    { pattern: /\bhuman (?:framework|acceptor|germline framework)s?\b/i, weight: 4 },
    { pattern: /人源化|人源改造|人源性改造|CDR\s*(?:移植|嫁接)/i, weight: 5 },
    { pattern: /改(?:成|为|造成|造为)人源|人源框架/, weight: 5 },
    { pattern: /(?:降低|减少|减弱).{0,6}免疫原性/, weight: 4 },
  ],
  epitope: [
    {
      pattern: /\b(?:predict|identify|find|map|locate|determine|scan)\w*\b.{0,40}\bepitopes?\b/i,
      weight: 6,
    },
    { pattern: /\bepitopes?\b.{0,20}\b(?:prediction|mapping|analysis|scan)\b/i, weight: 6 },
    { pattern: /\bantigenic (?:determinants?|regions?|sites?)\b/i, weight: 5 },
    { pattern: /\bantigenic\b/i, weight: 4 },
    {
      pattern:
        /\b(?:where|which (?:parts?|regions?|sites?|segments?))\b.{0,60}\b(?:antibod(?:y|ies)|b[- ]cells?)\b.{0,20}\b(?:bind|recogni[sz]e)|\b(?:where|which (?:parts?|regions?))\b.{0,30}\bantibod(?:y|ies)\b.{0,10}\bbind\b/i,
      weight: 5,
    },
    { pattern: /\bepitopes?\b/i, weight: 3 },
    { pattern: /\bimmunogenic regions?\b/i, weight: 3 },
    {
      pattern: /(?:预测|识别|寻找|找出|定位|分析|鉴定).{0,12}表位|表位.{0,4}(?:预测|分析|鉴定)/,
      weight: 6,
    },
    { pattern: /抗原决定(?:簇|基|区)/, weight: 5 },
    { pattern: /抗原性/, weight: 4 },
    {
      pattern: /抗体.{0,6}(?:结合|识别)的?(?:位置|区域|位点|部位)|(?:被|让)抗体.{0,4}(?:识别|结合)/,
      weight: 5,
    },
    { pattern: /表位/, weight: 3 },
  ],
  liabilities: [
    { pattern: /\bliabilit(?:y|ies)\b/i, weight: 5 },
    {
      pattern: /\brisk[- ]?sites?\b|\bsequence risks?\b|\brisk (?:analysis|assessment|scan)\b/i,
      weight: 5,
    },
    { pattern: /\bdevelopab\w*|\bmanufacturability\b/i, weight: 5 },
    {
      pattern: /\b(?:chemical|sequence) (?:in)?stabilit\w*|\bptm (?:risks?|sites?|scan)/i,
      weight: 4,
    },
    {
      pattern:
        /\b(?:deamidation|isomeri[sz]ation|oxidation|glycosylation|cleavage) (?:sites?|risks?|motifs?)\b/i,
      weight: 5,
    },
    { pattern: /\b(?:deamidation|isomeri[sz]ation|oxidation|glycosylation)\b/i, weight: 3 },
    {
      pattern: /\bptms?\b|\bpost[- ]translational\b|\bhot ?spots?\b|\bfree cysteines?\b/i,
      weight: 3,
    },
    {
      pattern:
        /风险位点|风险(?:分析|评估|扫描|筛查|预测)|成药性|可开发性|可成药性|易感位点|不稳定位点/,
      weight: 5,
    },
    { pattern: /(?:脱酰胺|异构化|氧化|糖基化|翻译后修饰).{0,4}(?:位点|风险|基序)?/, weight: 4 },
    { pattern: /游离半胱氨酸|(?:NG|DG|NS)\W{0,3}(?:DG|NG|NS)?.{0,4}基序/i, weight: 4 },
    { pattern: /风险|热点/, weight: 2 },
  ],
  structure: [
    { pattern: /\bstructure (?:prediction|modell?ing)\b/i, weight: 6 },
    {
      pattern:
        /\b(?:predict|model|build|generate|fold)\w*\b.{0,40}\b(?:structures?|3d models?|pdb)\b/i,
      weight: 6,
    },
    {
      pattern:
        /\b3d (?:structure|model|coordinates)\b|\bhomology model\w*\b|\btertiary structure\b/i,
      weight: 5,
    },
    { pattern: /\b(?:alphafold|abodybuilder|igfold|rosettafold|esmfold)\w*\b/i, weight: 5 },
    { pattern: /\b3d\b/i, weight: 4 },
    {
      pattern: /\bpdb model\b|\bmodel\w*\b.{0,20}\b(?:antibod(?:y|ies)|fv|pair|chains?)\b/i,
      weight: 4,
    },
    { pattern: /(?<![\d-])\bfold(?:ing)?\b/i, weight: 3 },
    { pattern: /\bstructures?\b/i, weight: 3 },
    {
      pattern: /结构预测|预测.{0,12}结构|结构建模|(?:三维|3D|空间|立体|晶体)结构|建模/i,
      weight: 6,
    },
    { pattern: /建.{0,2}模|同源模型|空间构象|构象/, weight: 5 },
    { pattern: /AlphaFold|ABodyBuilder|IgFold/i, weight: 5 },
    { pattern: /折叠/, weight: 3 },
    { pattern: /结构/, weight: 3 },
  ],
  denovo: [
    { pattern: /\bde[- ]?novo\b/i, weight: 6 },
    {
      pattern:
        /\bdesign\w*\b.{0,30}\b(?:antibod(?:y|ies)|binders?|nanobod(?:y|ies)|vhhs?|variants?|cdrs?|librar(?:y|ies)|mutants?)\b/i,
      weight: 5,
    },
    {
      pattern: /\b(?:antibody|binder|cdr) design\b|\bcdr (?:library|optimi[sz]ation)\b/i,
      weight: 5,
    },
    {
      pattern:
        /\b(?:generate|create|propose)\w*\b.{0,30}\b(?:antibod(?:y|ies)|variants?|binders?|librar(?:y|ies))\b/i,
      weight: 4,
    },
    { pattern: /\baffinity maturation\b|\bnew antibod(?:y|ies)\b/i, weight: 4 },
    // "a nanobody library against …", "binders targeting this protein": design against a target.
    {
      pattern:
        /\b(?:antibod(?:y|ies)|binders?|nanobod(?:y|ies)|vhhs?|librar(?:y|ies))\b.{0,20}\b(?:against|target(?:t)?ing)\b/i,
      weight: 5,
    },
    // "100 CDR3 variants": a number of variants asks for a library.
    { pattern: /\b\d+\s+(?:cdr[- ]?[hl]?[123]\s+)?(?:variants?|mutants?|designs?)\b/i, weight: 4 },
    {
      pattern:
        /\bcdr[- ]?h?[123]? (?:librar(?:y|ies)|mutants?)\b|\blibrary of\b.{0,20}\bmutants?\b/i,
      weight: 5,
    },
    { pattern: /\bdesign\b/i, weight: 2 },
    { pattern: /从头设计|从头/, weight: 6 },
    {
      pattern:
        /(?:设计|生成|产生).{0,12}(?:抗体|结合物|纳米抗体|变体|突变体|文库|序列库|CDR)|抗体设计|CDR.{0,4}(?:文库|库|设计|优化)/i,
      weight: 5,
    },
    { pattern: /亲和力成熟/, weight: 4 },
    {
      pattern:
        /(?:突变|变体)?文库|(?:针对|靶向).{0,12}(?:设计|生成)|(?:设计|生成).{0,12}(?:针对|靶向)/,
      weight: 4,
    },
    { pattern: /设计/, weight: 2 },
  ],
};

/** Most specific first: the order in which ties are broken. */
const JOB_ORDER: readonly AssistantJob[] = [
  'humanization',
  'epitope',
  'liabilities',
  'structure',
  'denovo',
];

export interface JobMatch {
  job: AssistantJob;
  score: number;
  /** Where the job's best phrase starts and ends in the text (jobs run in the order asked). */
  at: number;
  end: number;
}

/** The jobs a text mentions, best first (empty when it mentions none). */
export function detectJobs(text: string): JobMatch[] {
  const read = correctTypos(text);
  const matches: JobMatch[] = [];
  for (const job of JOB_ORDER) {
    let best: JobMatch | undefined;
    for (const { pattern, weight } of PHRASES[job]) {
      const m = pattern.exec(read);
      if (m && (!best || weight > best.score)) {
        best = { job, score: weight, at: m.index, end: m.index + m[0].length };
      }
    }
    if (best) matches.push(best);
  }
  // Array.prototype.sort is stable, so equal scores keep JOB_ORDER.
  return matches.sort((a, b) => b.score - a.score);
}

// A job named only in passing ("structure", "设计") is a request when the message is about
// antibodies or antigens or carries sequences; a second job joins the first when named at least
// this clearly.
const CLEAR_REQUEST = 4;
const SECOND_JOB = 3;
const ABOUT_ANTIBODIES =
  /antibod|antigen|epitope|\bm?abs?\b|nanobod|\bvhh\b|\b(?:sc)?fv\b|\bv[hlk]\b|heavy chain|light chain|\bsequences?\b|\bclone\b|抗体|单抗|鼠抗|纳米抗体|重链|轻链|序列|克隆|抗原|表位/i;

/**
 * The jobs a message asks to run, in the order it names them: the best-scoring job, and any other
 * named clearly enough ("humanize it and check risk sites" asks for both). Empty for a message
 * that only mentions a job's word in passing outside any antibody context.
 */
export function requestedJobs(text: string, hasSequences: boolean): AssistantJob[] {
  const matches = detectJobs(text);
  const best = matches[0];
  if (!best) return [];
  if (best.score < CLEAR_REQUEST && !hasSequences && !ABOUT_ANTIBODIES.test(text)) return [];
  // A second job's phrase must stand apart: in "generate a PDB model for the antibody" the
  // structure request also reads as "generate … antibody", which is not a second request.
  const taken: JobMatch[] = [best];
  for (const m of matches.slice(1)) {
    if (m.score < SECOND_JOB) continue;
    if (taken.some((t) => m.at < t.end && t.at < m.end)) continue;
    taken.push(m);
  }
  return taken.sort((a, b) => a.at - b.at).map((m) => m.job);
}

// Typing slips the phrases should survive. Latin words of five letters or more within one edit
// (two for long words; a swap of neighbours counts as one) of a word the phrases use, with the
// same first letter, are read as that word; common Chinese homophone slips are mapped back.
const VOCABULARY = [
  'humanize',
  'humanise',
  'humanized',
  'humanised',
  'humanizing',
  'humanization',
  'humanisation',
  'epitope',
  'epitopes',
  'structure',
  'structures',
  'predict',
  'prediction',
  'liability',
  'liabilities',
  'developability',
  'deamidation',
  'oxidation',
  'isomerization',
  'glycosylation',
  'design',
  'designs',
  'antibody',
  'antibodies',
  'antigen',
  'analysis',
  'immunogenicity',
  'grafting',
  'modeling',
  'modelling',
  'generate',
  'library',
  'variants',
  'binders',
  'maturation',
];
const KNOWN = new Set(VOCABULARY);
const ZH_SLIPS: [RegExp, string][] = [
  [/人原化|人源话|人源华/g, '人源化'],
  [/预侧|预策/g, '预测'],
  [/表为(?=预测|分析|扫描)/g, '表位'],
  [/结购|结钩/g, '结构'],
  [/风线|风显/g, '风险'],
  [/设记|设汁/g, '设计'],
];

function correctTypos(text: string): string {
  let out = text;
  for (const [slip, word] of ZH_SLIPS) out = out.replace(slip, word);
  return out.replace(/[A-Za-z]{5,}/g, (word) => {
    const w = word.toLowerCase();
    if (KNOWN.has(w)) return word;
    const near = VOCABULARY.find(
      (v) =>
        v[0] === w[0] &&
        Math.abs(v.length - w.length) <= 1 &&
        editDistance(w, v) <= (v.length >= 8 ? 2 : 1),
    );
    return near ?? word;
  });
}

/** Optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.length][b.length];
}

/** "What is an epitope?", "什么是人源化" — a question about a job, not a request to run it. */
export function isDefinitionQuestion(text: string): boolean {
  return (
    /^\s*(?:what(?:'s| is| are)|whats|explain|define|definition of|tell me (?:about|what))\b/i.test(
      text,
    ) || /什么是|是什么|何为|何谓|什么叫|解释一下|介绍一下|的定义|原理是/.test(text)
  );
}

export function isGreeting(text: string): boolean {
  return /^\s*(?:hi|hello|hey|good (?:morning|afternoon|evening))\b|^\s*(?:你好|您好|嗨|哈喽|早上好|下午好|晚上好)/i.test(
    text,
  );
}

export function isHelpQuestion(text: string): boolean {
  return (
    /\bwhat can you do\b|\bhow (?:can|do) (?:you|i use)\b.{0,20}\b(?:help|you|this)\b|\bhelp\b|\bcapabilit/i.test(
      text,
    ) || /你能做什么|你会什么|能做哪些|可以做什么|有什么功能|怎么用|如何使用|帮助/.test(text)
  );
}

/**
 * The language a text is written in (sequences removed first): Han characters against words with a
 * lower-case letter, so acronyms and chain labels (VH, CDR, PDB) do not count. A Chinese word takes
 * about two characters. Undefined when the text has neither.
 */
export function detectLanguage(text: string): Language | undefined {
  const han = text.match(/[\u4e00-\u9fff]/g)?.length ?? 0;
  // Capital words of five letters or more ("HUMANIZE") are words too: sequences are gone by now.
  const words =
    text.match(/[A-Za-z]*[a-z][A-Za-z]*|\b[A-Z]{5,}\b/g)?.filter((w) => w.length >= 2).length ?? 0;
  if (han === 0 && words === 0) return undefined;
  return han / 2 >= words ? 'zh' : 'en';
}
