import type { DiagramProblem } from '@platform/bpmn';
import { DomainError, type ErrorPayload } from '@platform/contracts';

/**
 * A diagram that cannot be used: every problem travels as a detail naming the element id, so the
 * caller gets each of them in its language (`data.errors: [{field: elementId, msg}]`).
 */
export class DiagramError extends DomainError {
  constructor(readonly problems: DiagramProblem[]) {
    super(problems[0].key, problems[0].params, 500);
  }

  override toPayload(): ErrorPayload {
    return {
      ...super.toPayload(),
      details: this.problems.map((p) => ({ field: p.elementId, key: p.key, params: p.params })),
    };
  }
}
