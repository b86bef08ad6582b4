import { AGENTS } from '../catalogue';
import { agentTask, chain, hasKeys, type SeedWorkflow } from './nodes';

// Antibody humanization: numbering, CDR grafting onto the closest human germline, then the check of
// the humanized chains (CDRs renumbered against the parent, humanness, liabilities the graft added).
//
//   (start) → [Numbering agent] → [Humanization agent] → [Humanization reviewer] → (end)

export const ANTIBODY_HUMANIZATION: SeedWorkflow = {
  name: '抗体人源化',
  description:
    '对抗体可变区编号并划分 CDR，将 CDR 移植到人胚系框架上并在关键框架位置保留亲本残基（回复突变），再对人源化序列重新编号，检查 CDR 是否保持不变、人源度提升和新增风险位点。',
  descriptionEn:
    'Antibody humanization: numbers the variable domains and delimits their CDRs, grafts the CDRs onto human germline frameworks keeping the parent residue at the key framework positions (back-mutations), then renumbers the humanized chains to check that the CDRs are unchanged, the humanness gained and any liability added.',
  tags: ['人源化', 'humanization'],
  agents: [AGENTS.numbering.nameEn, AGENTS.humanization.nameEn, AGENTS.humanizationReviewer.nameEn],
  diagram: {
    key: 'antibody_humanization',
    name: '抗体人源化',
    nodes: [
      { id: 'Start', type: 'startEvent', x: 120, y: 200 },
      agentTask(
        'Task_Numbering',
        AGENTS.numbering,
        { x: 250, y: 200 },
        {
          instruction:
            'Number every antibody variable domain of the inputs (IMGT unless the user chose Kabat or Chothia). Report the chain types, the CDRs with their ranges and the closest human V and J germlines: they are what the humanization grafts onto.',
          output:
            'JSON: result (numbering summary) and number {scheme, chains: chain type, regions, CDRs, germlines}',
          validators: [hasKeys('number.chains')],
        },
      ),
      agentTask(
        'Task_Humanize',
        AGENTS.humanization,
        { x: 430, y: 200 },
        {
          instruction:
            'Humanize each chain by CDR grafting onto human germline frameworks. Keep the CDRs (IMGT and Kabat), take the frameworks from the acceptor V and J genes except at the Vernier, canonical-structure and VH/VL interface positions where the parent residue is kept, and report each kept residue with its reason.',
          output:
            'JSON: result (humanization summary) and humanize {chains: parental and humanized sequence, acceptor, identity before and after, mutations, back-mutations}',
          validators: [hasKeys('humanize.chains')],
        },
      ),
      agentTask(
        'Task_Review',
        AGENTS.humanizationReviewer,
        { x: 610, y: 200 },
        {
          instruction:
            'Check the humanized chains of the previous node: renumber them and confirm each CDR equals the parent CDR, report the human germline identity before and after, and any liability the graft added. Conclude per chain with pass or needs review.',
          output:
            'JSON: result (review summary) and number {chains with cdrCheck: parental and current CDRs, kept, allKept} and liabilities {chains of the humanized sequences}',
          validators: [hasKeys('number.chains', 'liabilities.chains')],
        },
      ),
      { id: 'End', type: 'endEvent', x: 750, y: 200 },
    ],
    flows: chain(['Start', 'Task_Numbering', 'Task_Humanize', 'Task_Review', 'End']),
  },
};
