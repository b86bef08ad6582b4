import { AGENTS } from '../catalogue';
import { agentTask, chain, hasKeys, type SeedWorkflow } from './nodes';

// Antibody de novo design: a CDR library from a parent antibody, then the liabilities filter of the
// library; the branch ends on the candidates that passed, or on "no candidate passed".
//
//   (start) → [CDR library designer] → [Liability analyst] → <candidates passed?> → (candidate library)
//                                                                                └→ (no candidate)
// The liability analyst checks the library rows of the design node for CDR liabilities and keeps
// the variants free of high-severity sites as liabilities.library.rows.

export const ANTIBODY_DENOVO: SeedWorkflow = {
  name: '抗体从头设计',
  description:
    '以亲本抗体为起点设计 CDR 变体文库（按 BLOSUM62 替换，淘汰新增风险位点或人源度下降的变体），再对文库做风险位点过滤，输出通过过滤的候选序列。',
  descriptionEn:
    'Antibody de novo design: designs a CDR variant library from a parent antibody (BLOSUM62-guided substitutions, variants that add liabilities or lose humanness rejected), filters the library by liabilities, and gives the candidates that pass.',
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
            'Design a CDR library from the parent antibody chain of the inputs: vary the CDRs the user named (CDR3 when none), make the number of variants asked for (20 when none) with the seed given (1 when none). Report the rules, the counts of generated and rejected variants, and the top ten variants.',
          output:
            'JSON: result (summary of the library) and design {parent, cdrs, seed, generated, rejected, total, rows: ranked variants with sequence, substitutions and score}',
          validators: [hasKeys('design.rows')],
        },
      ),
      agentTask(
        'Task_Liabilities',
        AGENTS.liabilities,
        { x: 430, y: 200 },
        {
          instruction:
            'Filter the library of the previous node by liabilities: check the CDRs of every designed variant and keep those with no high-severity site; report the parent chain liabilities by region, how many variants were checked and kept, and the kept variants best first.',
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
