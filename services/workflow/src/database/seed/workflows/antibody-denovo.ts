import { AGENTS } from '../catalogue';
import { agentTask, chain, hasKeys, type SeedWorkflow } from './nodes';

// Antibody de novo design, two ways through the same nodes: with only an antigen, design against
// the target (antibody.design builds a ranked library of human VH/VL or VHH antibodies aimed at an
// epitope: @platform/antibody designAgainstTarget); with a parent antibody, a CDR library of it.
// Then the liabilities filter of the library; the branch ends on the candidates that passed, or on
// "no candidate passed". Missions run before design against a target keep their CDR-library
// outputs, which are unchanged.
//
//   (start) → [CDR library designer] → [Liability analyst] → <candidates passed?> → (candidate library)
//                                                                                └→ (no candidate)
// The liability analyst checks the library rows of the design node for CDR liabilities and keeps
// the variants free of high-severity sites as liabilities.library.rows.

export const ANTIBODY_DENOVO: SeedWorkflow = {
  name: '抗体从头设计',
  description:
    '只给抗原时针对其表位（指定区域或预测的最佳表位）在治疗性抗体常用的人胚系骨架上设计排序的抗体文库（筛除 CDR 高风险位点、人源度不足和可开发性差的设计；供筛选的起始文库，不是结合预测）；给亲本抗体时设计其 CDR 变体文库。再对文库做风险位点过滤，输出通过过滤的候选序列。',
  descriptionEn:
    'Antibody de novo design: given only an antigen, a ranked library of human antibodies on germline scaffolds common among therapeutics, aimed at an epitope (the region named or the best predicted one), filtered for CDR liabilities, humanness and developability (a starting library to screen, not a binding prediction); given a parent antibody, a CDR variant library of it. The library is then filtered by liabilities and the candidates that pass are given.',
  tags: ['抗体设计', 'de novo'],
  agents: [AGENTS.designer.nameEn, AGENTS.liabilities.nameEn],
  diagram: {
    key: 'antibody_denovo',
    name: '抗体从头设计',
    nodes: [
      { id: 'Start', type: 'startEvent', x: 120, y: 200 },
      agentTask(
        'Task_Design',
        AGENTS.designer,
        { x: 250, y: 200 },
        {
          instruction:
            'When the inputs give only an antigen, design against it: aim at the region the user named (the best predicted epitope when none), make the number of designs asked for (60 when none; VHH when a nanobody is asked for) with the seed given (1 when none); report the epitope, the scaffolds, the counts generated and rejected by reason, and the top ten designs with their score parts, and say it is a starting library to screen, not a prediction of binding. When the inputs give an antibody, design a CDR library from its chain: vary the CDRs the user named (CDR3 when none), make the number of variants asked for (20 when none) with the seed given (1 when none); report the rules, the counts of generated and rejected variants, and the top ten variants.',
          output:
            'JSON: result (summary of the library) and design: against a target {kind: target-design, antigen, epitope, format, scaffolds, sources, generated, rejected, claim, total, rows: ranked designs with heavy, light, CDRs, germlines, score and parts}; from a parent {parent, cdrs, seed, generated, rejected, total, rows: ranked variants with sequence, substitutions and score}',
          validators: [hasKeys('design.rows')],
        },
      ),
      agentTask(
        'Task_Liabilities',
        AGENTS.liabilities,
        { x: 430, y: 200 },
        {
          instruction:
            'Filter the library of the previous node by liabilities: check the CDRs of every designed variant (both chains of a design against a target) and keep those with no high-severity site; report the parent chain liabilities by region (when there is a parent), how many variants were checked and kept, and the kept variants best first.',
          output:
            'JSON: result (summary of the filter) and liabilities {chains: parent liabilities by region and severity, library: {checked, kept, rows: the variants that passed}}',
          validators: [hasKeys('liabilities.chains', 'liabilities.library')],
        },
      ),
      {
        id: 'Gateway_Candidates',
        type: 'exclusiveGateway',
        name: '有候选通过过滤？',
        default: 'Flow_NoCandidate',
        branch: {
          nameen: 'Candidates passed the filter?',
          type: 'Branch',
          branches: [
            {
              validator: { name: 'JsonKeyNotEmpty', params: 'liabilities.library.rows' },
              target_node: 'End_Library',
            },
          ],
        },
        x: 580,
        y: 200,
      },
      { id: 'End_Library', type: 'endEvent', name: '候选文库 / Candidate library', x: 700, y: 200 },
      {
        id: 'End_NoCandidate',
        type: 'endEvent',
        name: '无合格候选 / No candidate',
        x: 700,
        y: 280,
      },
    ],
    flows: [
      ...chain(['Start', 'Task_Design', 'Task_Liabilities', 'Gateway_Candidates']),
      { id: 'Flow_Library', source: 'Gateway_Candidates', target: 'End_Library' },
      { id: 'Flow_NoCandidate', source: 'Gateway_Candidates', target: 'End_NoCandidate' },
    ],
  },
};
