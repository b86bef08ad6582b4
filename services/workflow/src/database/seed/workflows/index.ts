import { ANTIBODY_DENOVO } from './antibody-denovo';
import { ANTIBODY_HUMANIZATION } from './antibody-humanization';
import { EPITOPE_PREDICTION } from './epitope-prediction';
import type { SeedWorkflow } from './nodes';
import { RISK_SITE_ANALYSIS } from './risk-site-analysis';
import { STRUCTURE_PREDICTION } from './structure-prediction';

export type { SeedWorkflow } from './nodes';

/** The five seeded workflows, one per assistant job (keys: SEEDED_WORKFLOWS in contracts). */
export const SEED_WORKFLOWS: readonly SeedWorkflow[] = [
  ANTIBODY_DENOVO,
  ANTIBODY_HUMANIZATION,
  EPITOPE_PREDICTION,
  STRUCTURE_PREDICTION,
  RISK_SITE_ANALYSIS,
];
