import { AGENTS } from '../catalogue';
import { agentTask, chain, hasKeys, type SeedWorkflow } from './nodes';

// Epitope prediction: the antigen sequence scored by the classic scales, and the regions most of
// them agree on.
//
//   (start) → [Epitope predictor] → (end)

export const EPITOPE_PREDICTION: SeedWorkflow = {
  name: '表位预测',
  description:
    '读取抗原蛋白序列，用 Kolaskar-Tongaonkar 抗原性、Parker 亲水性、Emini 表面可及性和 Chou-Fasman 转角四种经典标度打分，输出多数方法一致的线性 B 细胞表位区域。',
  descriptionEn:
    'Epitope prediction: reads the antigen protein sequence, scores it with four classic scales (Kolaskar-Tongaonkar antigenicity, Parker hydrophilicity, Emini surface accessibility, Chou-Fasman turns) and gives the linear B-cell epitope regions most methods agree on.',
  tags: ['表位', 'epitope'],
  agents: [AGENTS.epitopes.nameEn],
  diagram: {
    key: 'epitope_prediction',
    name: '表位预测',
    nodes: [
      { id: 'Start', type: 'startEvent', x: 120, y: 200 },
      agentTask(
        'Task_Epitopes',
        AGENTS.epitopes,
        { x: 260, y: 200 },
        {
          instruction:
            'Take the antigen protein sequence of the inputs, score it with the four classic scales, and report the predicted epitope regions (consensus of at least three methods) with their positions, peptides and scores, best first.',
          output:
            'JSON: result (predicted regions) and epitopes {antigens: sequence, per-method scores and segments, consensus, regions}',
          validators: [hasKeys('epitopes.antigens')],
        },
      ),
      { id: 'End', type: 'endEvent', x: 400, y: 200 },
    ],
    flows: chain(['Start', 'Task_Epitopes', 'End']),
  },
};
