import { AGENTS } from '../catalogue';
import { agentTask, chain, hasKeys, type SeedWorkflow } from './nodes';

// Risk-site analysis: the chains numbered (regions), then their liabilities by region.
//
//   (start) → [Numbering agent] → [Liability analyst] → (end)

export const RISK_SITE_ANALYSIS: SeedWorkflow = {
  name: '风险位点分析',
  description:
    '对抗体可变区编号划分 CDR 与框架区，再按区域找出风险位点（N-糖基化、脱酰胺、异构化、氧化、游离半胱氨酸等）及其严重程度，并给出可开发性指标。',
  descriptionEn:
    'Risk-site (liability) analysis: numbers the antibody variable domains into CDRs and frameworks, then finds the liabilities (N-glycosylation, deamidation, isomerisation, oxidation, unpaired cysteines and more) by region with their severity, and gives developability figures.',
  tags: ['风险位点', 'liabilities'],
  agents: [AGENTS.numbering.nameEn, AGENTS.liabilities.nameEn],
  diagram: {
    key: 'risk_site_analysis',
    name: '风险位点分析',
    nodes: [
      { id: 'Start', type: 'startEvent', x: 120, y: 200 },
      agentTask(
        'Task_Numbering',
        AGENTS.numbering,
        { x: 250, y: 200 },
        {
          instruction:
            'Number every antibody variable domain of the inputs (IMGT unless the user chose another scheme) and report its regions: FR1 to FR4 and CDR1 to CDR3 with their ranges.',
          output:
            'JSON: result (numbering summary) and number {scheme, chains: regions, CDRs, germlines}',
          validators: [hasKeys('number.chains')],
        },
      ),
      agentTask(
        'Task_Liabilities',
        AGENTS.liabilities,
        { x: 430, y: 200 },
        {
          instruction:
            'Find the liabilities of every chain and report them by region (CDRs first) and severity with motif and position, then the developability figures and their flags.',
          output:
            'JSON: result (liabilities by region) and liabilities {chains: liabilities, bySeverity, byRegion, developability}',
          validators: [hasKeys('liabilities.chains')],
        },
      ),
      { id: 'End', type: 'endEvent', x: 570, y: 200 },
    ],
    flows: chain(['Start', 'Task_Numbering', 'Task_Liabilities', 'End']),
  },
};
