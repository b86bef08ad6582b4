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
    { pattern: /人源化|人源改造|人源性改造|CDR\s*(?:移植|嫁接)/i, weight: 5 },
    { pattern: /(?:降低|减少|减弱).{0,6}免疫原性/, weight: 4 },
  ],
  epitope: [
    {
      pattern: /\b(?:predict|identify|find|map|locate|determine|scan)\w*\b.{0,40}\bepitopes?\b/i,
      weight: 6,
    },
    { pattern: /\bepitopes?\b.{0,20}\b(?:prediction|mapping|analysis|scan)\b/i, weight: 6 },
    { pattern: /\bantigenic (?:determinants?|regions?|sites?)\b/i, weight: 5 },
    { pattern: /\bepitopes?\b/i, weight: 3 },
    { pattern: /\bimmunogenic regions?\b/i, weight: 3 },
    {
      pattern: /(?:预测|识别|寻找|找出|定位|分析|鉴定).{0,12}表位|表位.{0,4}(?:预测|分析|鉴定)/,
      weight: 6,
    },
    { pattern: /抗原决定(?:簇|基|区)/, weight: 5 },
    { pattern: /表位/, weight: 3 },
  ],
  liabilities: [
    { pattern: /\bliabilit(?:y|ies)\b/i, weight: 5 },
    {
      pattern: /\brisk[- ]?sites?\b|\bsequence risks?\b|\brisk (?:analysis|assessment|scan)\b/i,
      weight: 5,
    },
    { pattern: /\bdevelopability\b|\bmanufacturability\b/i, weight: 5 },
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
    { pattern: /\bfold(?:ing)?\b/i, weight: 3 },
    { pattern: /\bstructures?\b/i, weight: 2 },
    {
      pattern: /结构预测|预测.{0,12}结构|结构建模|(?:三维|3D|空间|立体|晶体)结构|建模/i,
      weight: 6,
    },
    { pattern: /折叠/, weight: 3 },
    { pattern: /结构/, weight: 2 },
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
    { pattern: /\bdesign\b/i, weight: 2 },
    { pattern: /从头设计|从头/, weight: 6 },
    {
      pattern:
        /(?:设计|生成|产生).{0,12}(?:抗体|结合物|纳米抗体|变体|突变体|文库|序列库|CDR)|抗体设计|CDR.{0,4}(?:文库|库|设计|优化)/i,
      weight: 5,
    },
    { pattern: /亲和力成熟/, weight: 4 },
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
}

/** The jobs a text asks for, best first (empty when it asks for none). */
export function detectJobs(text: string): JobMatch[] {
  const matches: JobMatch[] = [];
  for (const job of JOB_ORDER) {
    const score = Math.max(
      0,
      ...PHRASES[job].filter((p) => p.pattern.test(text)).map((p) => p.weight),
    );
    if (score > 0) matches.push({ job, score });
  }
  // Array.prototype.sort is stable, so equal scores keep JOB_ORDER.
  return matches.sort((a, b) => b.score - a.score);
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
  const words = text.match(/[A-Za-z]*[a-z][A-Za-z]*/g)?.filter((w) => w.length >= 2).length ?? 0;
  if (han === 0 && words === 0) return undefined;
  return han / 2 >= words ? 'zh' : 'en';
}
