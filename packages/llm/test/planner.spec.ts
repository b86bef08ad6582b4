import { type AssistantJob, type Language, SEEDED_WORKFLOWS } from '@platform/contracts';
import { describe, expect, it } from 'vitest';

import {
  type ChatMessage,
  collectReply,
  createLlmProvider,
  findSequences,
  LlmError,
  parseMissionPlan,
  planConversation,
  type PlannerOutcome,
  PlannerProvider,
  splitDeltas,
  START_MISSION_TOOL,
  withoutSequences,
} from '../src';
import {
  AVELUMAB_VL,
  blocks,
  LYSOZYME,
  RITUXIMAB_VH,
  RITUXIMAB_VL,
  TRASTUZUMAB_VH,
  TRASTUZUMAB_VL,
  wrap,
} from './support/sequences';

const HAN = /[\u4e00-\u9fff]/;

function plan(content: string, options: { language?: Language } = {}): PlannerOutcome {
  return planConversation([{ role: 'user', content }], options);
}

function expectLanguage(text: string, lang: Language) {
  if (lang === 'zh') expect(text).toMatch(HAN);
  else expect(text).not.toMatch(HAN);
}

function planned(outcome: PlannerOutcome) {
  if (outcome.kind !== 'plan')
    throw new Error(`expected a plan, got ${outcome.kind}: ${outcome.reply}`);
  return outcome.plan;
}

const ANTIBODY_PAIR = `H: ${TRASTUZUMAB_VH}\nL: ${TRASTUZUMAB_VL}`;

const PHRASINGS: { job: AssistantJob; lang: Language; text: string }[] = [
  // humanization
  { job: 'humanization', lang: 'en', text: 'Please humanize this antibody.' },
  { job: 'humanization', lang: 'en', text: 'Can you humanise the following mouse antibody?' },
  { job: 'humanization', lang: 'en', text: 'I need a humanized version of this antibody' },
  { job: 'humanization', lang: 'en', text: 'CDR grafting onto a human framework, please' },
  { job: 'humanization', lang: 'en', text: 'Make this antibody more human-like' },
  {
    job: 'humanization',
    lang: 'en',
    text: 'How can I reduce the immunogenicity of this antibody?',
  },
  { job: 'humanization', lang: 'zh', text: '请帮我把这个抗体人源化' },
  { job: 'humanization', lang: 'zh', text: '对下面的鼠源抗体进行人源化改造' },
  { job: 'humanization', lang: 'zh', text: '帮我做一下CDR移植' },
  { job: 'humanization', lang: 'zh', text: '降低这个抗体的免疫原性' },
  { job: 'humanization', lang: 'zh', text: '对下面的抗体做人源化设计' },
  // epitope prediction
  { job: 'epitope', lang: 'en', text: 'Predict the epitopes of this antigen' },
  { job: 'epitope', lang: 'en', text: 'Where are the B-cell epitopes on this protein?' },
  { job: 'epitope', lang: 'en', text: 'epitope prediction for the following antigen' },
  { job: 'epitope', lang: 'en', text: 'Find the antigenic determinants in this sequence' },
  { job: 'epitope', lang: 'en', text: 'Map the linear epitopes, please' },
  { job: 'epitope', lang: 'zh', text: '预测这个抗原的表位' },
  { job: 'epitope', lang: 'zh', text: '帮我做表位预测' },
  { job: 'epitope', lang: 'zh', text: '找出这个蛋白上的B细胞表位' },
  { job: 'epitope', lang: 'zh', text: '分析一下抗原决定簇' },
  // structure prediction
  { job: 'structure', lang: 'en', text: 'Predict the structure of this antibody' },
  { job: 'structure', lang: 'en', text: 'structure prediction please' },
  { job: 'structure', lang: 'en', text: 'Can you build a 3D model of this Fv?' },
  { job: 'structure', lang: 'en', text: 'Model the structure of these chains' },
  { job: 'structure', lang: 'en', text: 'Fold this antibody for me' },
  { job: 'structure', lang: 'zh', text: '预测这个抗体的结构' },
  { job: 'structure', lang: 'zh', text: '帮我做结构预测' },
  { job: 'structure', lang: 'zh', text: '给出它的三维结构' },
  { job: 'structure', lang: 'zh', text: '对这个抗体进行结构建模' },
  // risk-site (liability) analysis
  { job: 'liabilities', lang: 'en', text: 'Check this antibody for liabilities' },
  { job: 'liabilities', lang: 'en', text: 'risk-site analysis please' },
  { job: 'liabilities', lang: 'en', text: 'Are there any deamidation sites?' },
  { job: 'liabilities', lang: 'en', text: 'Assess the developability of this antibody' },
  {
    job: 'liabilities',
    lang: 'en',
    text: 'Find sequence risks such as oxidation or isomerization',
  },
  { job: 'liabilities', lang: 'zh', text: '分析这个抗体的风险位点' },
  { job: 'liabilities', lang: 'zh', text: '帮我做成药性评估' },
  { job: 'liabilities', lang: 'zh', text: '有没有脱酰胺位点？' },
  { job: 'liabilities', lang: 'zh', text: '做一下风险分析' },
  { job: 'liabilities', lang: 'zh', text: '检查氧化和异构化风险' },
  // de novo design
  { job: 'denovo', lang: 'en', text: 'De novo antibody design based on this antibody' },
  { job: 'denovo', lang: 'en', text: 'Design new antibodies starting from this one' },
  { job: 'denovo', lang: 'en', text: 'Generate 30 variants of this antibody' },
  { job: 'denovo', lang: 'en', text: 'Create a CDR library from this antibody' },
  { job: 'denovo', lang: 'en', text: 'Please design binders like this' },
  { job: 'denovo', lang: 'zh', text: '从头设计抗体' },
  { job: 'denovo', lang: 'zh', text: '基于这个抗体设计一批新抗体' },
  { job: 'denovo', lang: 'zh', text: '帮我生成50个变体' },
  { job: 'denovo', lang: 'zh', text: '设计CDR文库' },
  { job: 'denovo', lang: 'zh', text: '做一下抗体设计' },
];

describe(planConversation.name, () => {
  describe('the five jobs', () => {
    it.each(PHRASINGS)('should plan $job for "$text"', ({ job, lang, text }) => {
      const sequences = job === 'epitope' ? LYSOZYME : ANTIBODY_PAIR;

      const sut = plan(`${text}\n${sequences}`);

      const mission = planned(sut);
      expect(mission.job).toBe(job);
      expect(mission.workflowKey).toBe(SEEDED_WORKFLOWS[job]);
      expect(mission.language).toBe(lang);
      expect(sut.language).toBe(lang);
      expectLanguage(sut.reply, lang);
      expect(sut.reply).toContain(SEEDED_WORKFLOWS[job]);
      if (job === 'epitope') {
        expect(mission.inputs).toMatchObject({ antigen: LYSOZYME });
        expect(mission.inputs.heavy).toBeUndefined();
      } else {
        expect(mission.inputs).toMatchObject({ heavy: TRASTUZUMAB_VH, light: TRASTUZUMAB_VL });
      }
      expect(mission.inputs.request).toBe(text);
      expect(mission.inputs.fasta).toMatch(/^>(heavy|antigen)\n/);
    });

    it('should take the options of a de novo design and the numbering scheme', () => {
      const design = planned(
        plan(`Design 50 variants in CDR1 and CDR-H3 of this antibody\n${ANTIBODY_PAIR}`),
      );
      const risks = planned(plan(`用 Kabat 编号分析风险位点\n${ANTIBODY_PAIR}`));

      expect(design.inputs).toMatchObject({ count: 50, cdrs: ['cdr1', 'cdr3'] });
      expect(risks.inputs.scheme).toBe('kabat');
    });

    it('should be deterministic', () => {
      const text = `请帮我人源化\n重链：${RITUXIMAB_VH}\n轻链：${RITUXIMAB_VL}`;

      expect(plan(text)).toEqual(plan(text));
    });
  });

  describe('missing inputs', () => {
    const ASKS: {
      job: AssistantJob;
      lang: Language;
      text: string;
      missing: 'antibody' | 'antigen';
    }[] = [
      { job: 'humanization', lang: 'en', text: 'Please humanize my antibody', missing: 'antibody' },
      { job: 'humanization', lang: 'zh', text: '请帮我人源化一个抗体', missing: 'antibody' },
      { job: 'epitope', lang: 'en', text: 'Predict epitopes for me', missing: 'antigen' },
      { job: 'epitope', lang: 'zh', text: '我想预测表位', missing: 'antigen' },
      {
        job: 'structure',
        lang: 'en',
        text: 'Predict the structure of my antibody',
        missing: 'antibody',
      },
      { job: 'structure', lang: 'zh', text: '帮我做结构预测', missing: 'antibody' },
      { job: 'liabilities', lang: 'en', text: 'Run a liability analysis', missing: 'antibody' },
      { job: 'liabilities', lang: 'zh', text: '做一下风险位点分析', missing: 'antibody' },
      { job: 'denovo', lang: 'en', text: 'De novo design of an antibody', missing: 'antibody' },
      { job: 'denovo', lang: 'zh', text: '从头设计一个抗体', missing: 'antibody' },
    ];

    it.each(ASKS)(
      'should ask for the $missing when "$text" has none',
      ({ job, lang, text, missing }) => {
        const sut = plan(text);

        expect(sut.kind).toBe('ask');
        if (sut.kind !== 'ask') return;
        expect(sut.job).toBe(job);
        expect(sut.missing).toBe(missing);
        expectLanguage(sut.reply, lang);
        const word = {
          antibody: { zh: '重链', en: 'heavy chain' },
          antigen: { zh: '抗原', en: 'antigen' },
        }[missing][lang];
        expect(sut.reply).toContain(word);
      },
    );

    it('should ask for the antigen when epitope prediction is given only an antibody', () => {
      const sut = plan(`Predict the epitopes\n${TRASTUZUMAB_VH}`);

      expect(sut).toMatchObject({ kind: 'ask', missing: 'antigen', language: 'en' });
      expect(sut.reply).toContain('antibody chains; epitope prediction needs the antigen');
    });

    it('should ask for an antibody when humanization is given only an antigen', () => {
      const sut = plan(`请人源化：${LYSOZYME}`);

      expect(sut).toMatchObject({ kind: 'ask', missing: 'antibody', language: 'zh' });
      expect(sut.reply).toContain('不像抗体可变区');
    });

    it('should say why a sequence cannot be used, in the user language', () => {
      const dna = 'GAGGTGCAGCTGGTGGAGTCTGGGGGAGGCTTGGTACAGCCTGGGGGGTCCCTGAGACTCTCC';

      const en = plan(`Humanize this: ${dna}`);
      const zh = plan(`请人源化 VH: EVQLVESGGBLVQPGGSLRL`);

      expect(en).toMatchObject({ kind: 'ask', language: 'en' });
      expect(en.reply).toContain('nucleotide');
      expect(zh).toMatchObject({ kind: 'ask', language: 'zh' });
      expect(zh.reply).toContain('B10');
      expectLanguage(zh.reply.split('\n')[0], 'zh');
    });

    it('should start once the sequences come in the next message', () => {
      const messages: ChatMessage[] = [
        { role: 'user', content: '请帮我人源化一个鼠源抗体' },
        { role: 'assistant', content: '要进行抗体人源化，我需要…' },
        { role: 'user', content: `>VH\n${wrap(RITUXIMAB_VH)}\n>VL\n${wrap(RITUXIMAB_VL)}` },
      ];

      const sut = planConversation(messages);

      const mission = planned(sut);
      expect(mission).toMatchObject({
        job: 'humanization',
        language: 'zh',
        inputs: { heavy: RITUXIMAB_VH, light: RITUXIMAB_VL, request: '请帮我人源化一个鼠源抗体' },
      });
      expect(sut.reply).toContain('鼠源');
    });

    it('should not reuse a request that already started a mission', () => {
      const messages: ChatMessage[] = [
        { role: 'user', content: `Humanize ${RITUXIMAB_VH}` },
        {
          role: 'assistant',
          content: 'Starting…',
          toolCalls: [{ id: 'c1', name: 'start_mission', arguments: '{}' }],
        },
        { role: 'tool', toolCallId: 'c1', content: '{"code":"M1"}' },
        { role: 'user', content: TRASTUZUMAB_VH },
      ];

      const sut = planConversation(messages);

      expect(sut).toMatchObject({ kind: 'answer', topic: 'which_job' });
    });
  });

  describe('heavy and light chains', () => {
    const CASES: { name: string; text: string; heavy: string; light: string }[] = [
      {
        name: 'H:/L: on one line',
        text: `H: ${TRASTUZUMAB_VH} L: ${TRASTUZUMAB_VL}`,
        heavy: TRASTUZUMAB_VH,
        light: TRASTUZUMAB_VL,
      },
      {
        name: 'VH/VL on their own lines',
        text: `VH\n${wrap(RITUXIMAB_VH)}\nVL\n${wrap(RITUXIMAB_VL)}`,
        heavy: RITUXIMAB_VH,
        light: RITUXIMAB_VL,
      },
      {
        name: '重链/轻链 with full-width colons',
        text: `重链序列：${RITUXIMAB_VH}\n轻链序列：${RITUXIMAB_VL}`,
        heavy: RITUXIMAB_VH,
        light: RITUXIMAB_VL,
      },
      {
        name: 'heavy chain / light chain is',
        text: `The heavy chain is ${TRASTUZUMAB_VH} and the light chain is ${AVELUMAB_VL}.`,
        heavy: TRASTUZUMAB_VH,
        light: AVELUMAB_VL,
      },
      {
        name: 'two unlabelled sequences in order',
        text: `${TRASTUZUMAB_VH}\n${TRASTUZUMAB_VL}`,
        heavy: TRASTUZUMAB_VH,
        light: TRASTUZUMAB_VL,
      },
      {
        name: 'two unlabelled sequences, light first',
        text: `${RITUXIMAB_VL}\n\n${RITUXIMAB_VH}`,
        heavy: RITUXIMAB_VH,
        light: RITUXIMAB_VL,
      },
      {
        name: 'FASTA wrapped at 60 with informative headers',
        text: `>ritux_VH heavy chain\n${wrap(RITUXIMAB_VH)}\n>ritux_VL light chain\n${wrap(RITUXIMAB_VL)}`,
        heavy: RITUXIMAB_VH,
        light: RITUXIMAB_VL,
      },
      {
        name: 'FASTA with plain ids, light first',
        text: `>seq1\n${wrap(TRASTUZUMAB_VL, 70)}\n>seq2\n${wrap(TRASTUZUMAB_VH, 70)}`,
        heavy: TRASTUZUMAB_VH,
        light: TRASTUZUMAB_VL,
      },
      {
        name: 'unlabelled FASTA-like lines of 60 then the next chain',
        text: `${wrap(RITUXIMAB_VH)}\n${wrap(RITUXIMAB_VL)}`,
        heavy: RITUXIMAB_VH,
        light: RITUXIMAB_VL,
      },
      {
        name: 'numbered blocks of ten in lower case',
        text: `heavy:\n${blocks(TRASTUZUMAB_VH).toLowerCase()}\nlight:\n${blocks(TRASTUZUMAB_VL).toLowerCase()}`,
        heavy: TRASTUZUMAB_VH,
        light: TRASTUZUMAB_VL,
      },
    ];

    it.each(CASES)('should find the pair in $name', ({ text, heavy, light }) => {
      const mission = planned(plan(`Please humanize:\n${text}`));

      expect(mission.inputs.heavy).toBe(heavy);
      expect(mission.inputs.light).toBe(light);
      expect(mission.inputs.fasta).toBe(`>heavy\n${wrap(heavy)}\n>light\n${wrap(light)}`);
    });

    it('should read the chains from attachments named after them', () => {
      const sut = planConversation([
        {
          role: 'user',
          content: '请对附件中的抗体做风险位点分析',
          attachments: [
            { name: 'light.fasta', text: `>ab1\n${wrap(RITUXIMAB_VL)}\n` },
            { name: 'heavy.txt', text: RITUXIMAB_VH },
          ],
        },
      ]);

      expect(planned(sut)).toMatchObject({
        job: 'liabilities',
        inputs: { heavy: RITUXIMAB_VH, light: RITUXIMAB_VL },
      });
    });

    it('should read the chains of a PDB file', () => {
      const seqres = (chain: string, sequence: string) => {
        const three: Record<string, string> = {
          A: 'ALA',
          R: 'ARG',
          N: 'ASN',
          D: 'ASP',
          C: 'CYS',
          Q: 'GLN',
          E: 'GLU',
          G: 'GLY',
          H: 'HIS',
          I: 'ILE',
          L: 'LEU',
          K: 'LYS',
          M: 'MET',
          F: 'PHE',
          P: 'PRO',
          S: 'SER',
          T: 'THR',
          W: 'TRP',
          Y: 'TYR',
          V: 'VAL',
        };
        const names = [...sequence].map((c) => three[c]);
        const lines: string[] = [];
        for (let i = 0; i < names.length; i += 13) {
          const serial = String(i / 13 + 1).padStart(3);
          lines.push(
            `SEQRES ${serial} ${chain} ${String(names.length).padStart(4)}  ${names.slice(i, i + 13).join(' ')}`,
          );
        }
        return lines.join('\n');
      };
      const pdb = `HEADER    IMMUNE SYSTEM\n${seqres('H', TRASTUZUMAB_VH)}\n${seqres('L', TRASTUZUMAB_VL)}\nEND\n`;

      const sut = planConversation([
        {
          role: 'user',
          content: 'Predict the structure',
          attachments: [{ name: '1n8z.pdb', text: pdb }],
        },
      ]);

      expect(planned(sut).inputs).toMatchObject({ heavy: TRASTUZUMAB_VH, light: TRASTUZUMAB_VL });
    });

    it('should read a PDB file without SEQRES from its CA atoms', () => {
      const three: Record<string, string> = {
        E: 'GLU',
        V: 'VAL',
        Q: 'GLN',
        L: 'LEU',
        S: 'SER',
        G: 'GLY',
      };
      const atom = (serial: number, name: string, residue: string, chain: string, number: number) =>
        `ATOM  ${String(serial).padStart(5)}  ${name.padEnd(3)} ${residue} ${chain}${String(number).padStart(4)}    ` +
        '      0.000   0.000   0.000  1.00  0.00           C';
      const lines = [...'EVQLVESGGG'].flatMap((aa, i) => [
        atom(2 * i + 1, 'N', three[aa], 'H', i + 1),
        atom(2 * i + 2, 'CA', three[aa], 'H', i + 1),
      ]);

      const found = findSequences('', [{ name: 'model.pdb', text: `${lines.join('\n')}\nEND\n` }]);

      expect(found).toEqual([
        { raw: 'EVQLVESGGG', label: 'heavy', name: 'chain H', source: 'model.pdb' },
      ]);
    });

    it('should trust the numbering over a wrong label and say so', () => {
      const sut = plan(`Humanize. H: ${TRASTUZUMAB_VL}`);

      expect(planned(sut).inputs).toMatchObject({ light: TRASTUZUMAB_VL });
      expect(planned(sut).inputs.heavy).toBeUndefined();
      expect(sut.reply).toContain('labelled heavy chain numbers as a kappa light chain');
    });

    it('should take an antibody and its antigen for de novo design', () => {
      const mission = planned(
        plan(`从头设计针对该抗原的抗体\n抗原：${LYSOZYME}\n重链：${TRASTUZUMAB_VH}`),
      );

      expect(mission.inputs).toMatchObject({ heavy: TRASTUZUMAB_VH, antigen: LYSOZYME });
    });
  });

  describe('other messages', () => {
    it.each([
      { lang: 'en' as const, text: 'What is the weather in Beijing today?' },
      { lang: 'en' as const, text: 'Write me a poem about the sea' },
      { lang: 'zh' as const, text: '今天北京天气怎么样？' },
      { lang: 'zh' as const, text: '给我讲个笑话' },
    ])('should answer "$text" with what it can do and start nothing', ({ lang, text }) => {
      const sut = plan(text);

      expect(sut).toMatchObject({ kind: 'answer', topic: 'unrelated', language: lang });
      expectLanguage(sut.reply, lang);
      expect(sut.reply).toContain(lang === 'zh' ? '抗体人源化' : 'Humanization');
      expect(sut.reply).toContain(lang === 'zh' ? '表位预测' : 'Epitope prediction');
    });

    it('should greet and list the jobs', () => {
      expect(plan('你好')).toMatchObject({ kind: 'answer', topic: 'greeting', language: 'zh' });
      expect(plan('What can you do?')).toMatchObject({
        kind: 'answer',
        topic: 'capabilities',
        language: 'en',
      });
    });

    it('should explain a job asked about instead of starting it', () => {
      const en = plan('What is humanization?');
      const zh = plan('什么是表位？');

      expect(en).toMatchObject({ kind: 'answer', topic: 'definition', job: 'humanization' });
      expect(en.reply).toContain('germline framework');
      expect(zh).toMatchObject({
        kind: 'answer',
        topic: 'definition',
        job: 'epitope',
        language: 'zh',
      });
    });

    it('should ask what to do with sequences sent without a request', () => {
      const sut = plan(`${TRASTUZUMAB_VH}\n${TRASTUZUMAB_VL}`, { language: 'en' });

      expect(sut).toMatchObject({ kind: 'answer', topic: 'which_job', language: 'en' });
      expect(sut.reply).toContain('heavy chain, kappa light chain');
    });
  });
});

describe(findSequences.name, () => {
  it('should not take acronyms or English words for sequences', () => {
    expect(
      findSequences('Number the CDRs with IMGT and give me a PDB MODEL IN FASTA FORMAT'),
    ).toEqual([]);
  });

  it('should not swallow the first word of the next sentence', () => {
    const found = findSequences(`VH: ${TRASTUZUMAB_VH}\nI want it humanized.`);

    expect(found.map((f) => f.raw)).toEqual([TRASTUZUMAB_VH]);
  });

  it('should leave the request once the sequences are taken out', () => {
    expect(withoutSequences(`请人源化\n>VH\n${wrap(RITUXIMAB_VH)}\n谢谢`)).toBe('请人源化\n谢谢');
  });
});

describe(PlannerProvider.name, () => {
  const request = (content: string) => ({
    messages: [{ role: 'user' as const, content }],
    tools: [START_MISSION_TOOL],
  });

  it('should stream the reply, then the plan as a start_mission call', async () => {
    const sut = new PlannerProvider();
    const deltas: string[] = [];

    const reply = await collectReply(sut.chat(request(`人源化这个抗体 ${ANTIBODY_PAIR}`)), (t) =>
      deltas.push(t),
    );

    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(reply.text);
    expect(reply.text).toContain('正在启动工作流');
    expect(reply.finishReason).toBe('tool_calls');
    expect(reply.toolCalls).toHaveLength(1);
    expect(reply.toolCalls[0].name).toBe('start_mission');
    const parsed = parseMissionPlan(reply.toolCalls[0].arguments, 'en');
    expect(parsed).toMatchObject({
      ok: true,
      plan: { job: 'humanization', workflowKey: 'antibody_humanization', language: 'zh' },
    });
    expect(reply.usage.estimated).toBe(true);
    expect(reply.usage.completionTokens).toBeGreaterThan(0);
  });

  it('should start nothing for an unrelated question', async () => {
    const reply = await collectReply(new PlannerProvider().chat(request('Tell me a joke')));

    expect(reply.toolCalls).toEqual([]);
    expect(reply.finishReason).toBe('stop');
    expect(reply.text).toContain('outside what I can help with');
  });

  it('should not call a tool it was not offered', async () => {
    const reply = await collectReply(
      new PlannerProvider().chat({
        messages: [{ role: 'user', content: `Humanize ${TRASTUZUMAB_VH}` }],
      }),
    );

    expect(reply.toolCalls).toEqual([]);
    expect(reply.text).not.toContain('Starting');
  });

  it('should call start_mission once per job when several are asked for', async () => {
    const reply = await collectReply(
      new PlannerProvider().chat(request(`humanize it and check risk sites\n${ANTIBODY_PAIR}`)),
    );

    expect(reply.toolCalls.map((c) => JSON.parse(c.arguments).workflowKey)).toEqual([
      'antibody_humanization',
      'risk_site_analysis',
    ]);
    expect(new Set(reply.toolCalls.map((c) => c.id)).size).toBe(2);
    expect(reply.text).toContain('one mission each');
  });

  it('should start de novo design against the target when given only an antigen, in zh and en', () => {
    const en = plan(`design antibodies against this antigen ${LYSOZYME}`);
    const zh = plan(`针对这个抗原设计抗体，区域 40-55 ${LYSOZYME}`);

    for (const sut of [en, zh]) {
      expect(sut).toMatchObject({ kind: 'plan', plan: { job: 'denovo' } });
      if (sut.kind !== 'plan') continue;
      expect(sut.plan.workflowKey).toBe(SEEDED_WORKFLOWS.denovo);
      expect(sut.plan.inputs.antigen).toBe(LYSOZYME);
      expect(sut.plan.inputs.heavy).toBeUndefined();
    }
    expect(en.reply).toContain('not a prediction of binding');
    expect(zh.reply).toContain('不是结合预测');
    expect(zh.reply).toContain('60');
    if (zh.kind === 'plan') expect(zh.plan.inputs.request).toContain('区域 40-55');
  });

  it('should start nothing and say why, in zh and en, for a region outside the antigen', () => {
    const en = plan(`design antibodies against region 120-140 of this antigen ${LYSOZYME}`);
    const zh = plan(`针对这个抗原的区域 200-210 设计抗体 ${LYSOZYME}`);

    expect(en).toMatchObject({ kind: 'ask', job: 'denovo', missing: 'antigen' });
    expect(en.reply).toContain('129 residues');
    expect(en.reply).toContain('Nothing was started');
    expect(zh).toMatchObject({ kind: 'ask', job: 'denovo', language: 'zh' });
    expect(zh.reply).toContain('不在抗原内');
    expect(zh.reply).toContain('没有启动任务');
  });

  it('should ask for the antigen when a de novo design request names a target but gives no sequence', () => {
    const en = plan('Can you design some antibodies against PD-1?');
    const zh = plan('能帮我设计几个针对PD-1的抗体吗？');

    expect(en).toMatchObject({ kind: 'ask', job: 'denovo', missing: 'antigen' });
    expect(en.reply).toContain('given only the antigen');
    expect(zh).toMatchObject({ kind: 'ask', job: 'denovo', missing: 'antigen', language: 'zh' });
  });

  it('should ask for the other chain when the request is for the VH/VL pair', () => {
    const sut = plan(`Predict the Fv structure: ${TRASTUZUMAB_VH}`);

    expect(sut).toMatchObject({ kind: 'ask', job: 'structure', missing: 'light' });
    expect(sut.reply).toContain('light chain (VL)');
  });

  it('should confirm a started mission in the conversation language', async () => {
    const reply = await collectReply(
      new PlannerProvider().chat({
        messages: [
          { role: 'user', content: `预测表位 ${LYSOZYME}` },
          {
            role: 'assistant',
            content: '…',
            toolCalls: [{ id: 'c', name: 'start_mission', arguments: '{}' }],
          },
          { role: 'tool', toolCallId: 'c', content: '{"missionId":7,"code":"M20250101"}' },
        ],
      }),
    );

    expect(reply.text).toBe('任务已创建（编号 M20250101），可在任务卡片上查看进度和结果。');
  });

  it('should stop with aborted when the caller aborts', async () => {
    const controller = new AbortController();
    controller.abort();

    await expect(
      collectReply(new PlannerProvider().chat({ ...request('hi'), signal: controller.signal })),
    ).rejects.toBeInstanceOf(LlmError);
  });

  it('should be the provider when LLM_BASE_URL is unset', () => {
    expect(createLlmProvider({ provider: 'planner' })).toBeInstanceOf(PlannerProvider);
  });

  it('should split deltas that join back to the reply', () => {
    const text = '好的，我来为您进行抗体人源化。识别到的输入：\n- 重链：120 个残基';

    const sut = splitDeltas(text, 8);

    expect(sut.join('')).toBe(text);
    expect(Math.max(...sut.map((d) => d.length))).toBeLessThanOrEqual(8);
  });
});

describe(parseMissionPlan.name, () => {
  it('should take the workflow key from the job, never from the arguments', () => {
    const sut = parseMissionPlan(
      JSON.stringify({
        job: 'structure',
        workflowKey: 'drop_everything',
        inputs: { request: 'x', heavy: TRASTUZUMAB_VH.toLowerCase() },
      }),
      'en',
    );

    expect(sut).toMatchObject({
      ok: true,
      plan: {
        workflowKey: 'structure_prediction',
        language: 'en',
        inputs: { heavy: TRASTUZUMAB_VH },
      },
    });
  });

  it('should refuse an unknown job, bad sequences and missing inputs', () => {
    expect(parseMissionPlan('{"job":"cure_cancer","inputs":{}}', 'zh')).toMatchObject({
      ok: false,
    });
    expect(parseMissionPlan('not json', 'zh')).toMatchObject({ ok: false });
    const bad = parseMissionPlan(
      JSON.stringify({ job: 'epitope', inputs: { antigen: 'MKT1X' } }),
      'zh',
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems.join(' ')).toContain('inputs.antigen');
    const missing = parseMissionPlan(
      JSON.stringify({ job: 'epitope', inputs: { heavy: TRASTUZUMAB_VH } }),
      'zh',
    );
    expect(missing).toEqual({ ok: false, problems: ['epitope needs inputs.antigen'] });
  });
});
