import type { StructureInput, StructurePrediction } from '@platform/antibody';
import { ANTIBODY_STRUCTURE_PATH } from '@platform/contracts';

import { requestData } from '../../lib/request';

/** A predictor folds for minutes; the gateway gives up after its own timeout (120 s by default). */
const PREDICTION_TIMEOUT_MS = 300_000;

/** Folds VH/VL through the gateway's configured predictor; errors come back in the UI language. */
export function predictStructure(body: StructureInput): Promise<StructurePrediction> {
  return requestData<StructurePrediction>(ANTIBODY_STRUCTURE_PATH, {
    method: 'POST',
    data: body,
    timeout: PREDICTION_TIMEOUT_MS,
    silent: true,
  });
}
