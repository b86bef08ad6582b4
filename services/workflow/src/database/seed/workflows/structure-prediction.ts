import { AGENTS } from '../catalogue';
import { agentTask, chain, hasKeys, type SeedWorkflow } from './nodes';

// Structure prediction with the configured predictor. Without one, the agent's result says that no
// predictor is configured (structure.configured false, no PDB), and the branch ends there.
//
//   (start) → [Structure predictor] → <structure obtained?> → (structure)
//                                                          └→ (no predictor configured)

export const STRUCTURE_PREDICTION: SeedWorkflow = {
  name: '结构预测',
  description:
    '将抗体重链、轻链可变区提交给平台配置的结构预测服务（如自建的 ESMFold 或 ImmuneBuilder），返回 PDB 结构；未配置预测服务时明确给出“未配置结构预测服务”的结果。',
  descriptionEn:
    "Structure prediction: sends the antibody heavy- and light-chain variable domains to the platform's configured structure predictor (e.g. a self-hosted ESMFold or ImmuneBuilder) and returns the PDB model; without a configured predictor the result says so plainly.",
  tags: ['结构', 'structure'],
  agents: [AGENTS.structure.nameEn],
  diagram: {
    key: 'structure_prediction',
    name: '结构预测',
    nodes: [
      { id: 'Start', type: 'startEvent', x: 120, y: 200 },
      agentTask(
        'Task_Structure',
        AGENTS.structure,
        { x: 260, y: 200 },
        {
          instruction:
            'Predict the Fv structure from the heavy and light variable domains of the inputs with the configured predictor. If a model comes back, report the chains and the model size and keep the PDB; if no predictor is configured, the result is the statement that none is configured.',
          output:
            'JSON: result (summary, or "no structure predictor is configured") and structure {configured, chains, atoms and pdb when predicted}',
          validators: [hasKeys('structure.configured')],
        },
      ),
      {
        id: 'Gateway_Structure',
        type: 'exclusiveGateway',
        name: '得到结构？',
        default: 'Flow_NoPredictor',
        branch: {
          nameen: 'Structure obtained?',
          type: 'Branch',
          branches: [
            {
              validator: { name: 'JsonKeyNotEmpty', params: 'structure.pdb' },
              target_node: 'End_Structure',
            },
          ],
        },
        x: 410,
        y: 200,
      },
      { id: 'End_Structure', type: 'endEvent', name: '结构模型 / Structure model', x: 530, y: 200 },
      {
        id: 'End_NoPredictor',
        type: 'endEvent',
        name: '未配置预测服务 / No predictor configured',
        x: 530,
        y: 310,
      },
    ],
    flows: [
      ...chain(['Start', 'Task_Structure', 'Gateway_Structure']),
      { id: 'Flow_Structure', source: 'Gateway_Structure', target: 'End_Structure' },
      { id: 'Flow_NoPredictor', source: 'Gateway_Structure', target: 'End_NoPredictor' },
    ],
  },
};
