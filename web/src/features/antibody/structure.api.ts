import type { RegionReport, StructureInput, StructurePrediction } from '@platform/antibody';
import { ANTIBODY_STRUCTURE_PATH } from '@platform/contracts';

import { requestData } from '../../lib/request';

/** A predictor folds for minutes; the gateway gives up after its own timeout (120 s by default). */
const PREDICTION_TIMEOUT_MS = 300_000;

/** The gateway's answer: which predictor made the model and, for the built-in one, its regions. */
export interface StructureAnswer extends StructurePrediction {
  predictor?: 'external' | 'built-in-template';
  regions?: RegionReport[];
}

/**
 * Folds VH/VL through the gateway: its configured predictor, or the built-in template modeller when
 * none is configured; errors come back in the UI language.
 */
export function predictStructure(body: StructureInput): Promise<StructureAnswer> {
  return requestData<StructureAnswer>(ANTIBODY_STRUCTURE_PATH, {
    method: 'POST',
    data: body,
    timeout: PREDICTION_TIMEOUT_MS,
    silent: true,
  });
}
