import {
  type EngineGateOptions,
  engineGateProblems,
  type GateElement,
  PLATFORM_TOPICS,
} from '@platform/contracts';

import { readDiagram } from './diagram';
import type { ModdleElement } from './moddle';
import type { DiagramProblem } from './problems';

// The engine gate on BPMN text (issue 25): the allow-list and the expression grammar live in
// contracts (engine-gate.ts, engine-expression.ts), shared with packages/engine's deploy; this is
// the form the designer's save, the BPM models and the workflow service's deploy call use.

export {
  checkEngineExpression,
  containsExpression,
  type EngineGateOptions,
  type EngineGateProblem,
  engineGateProblems,
  PLATFORM_TOPICS,
} from '@platform/contracts';

/** The gate's problems of parsed definitions, as diagram problems (platform topics by default). */
export function gateProblemsOf(
  definitions: ModdleElement,
  options: EngineGateOptions = { topics: PLATFORM_TOPICS },
): DiagramProblem[] {
  return engineGateProblems(definitions as unknown as GateElement, options);
}

/**
 * Every reason the BPMN may not reach an engine (an unreadable diagram is one; the parser's other
 * warnings are the diagram checks' to report). Empty when it passes the gate.
 */
export async function checkEngineGate(
  xml: string,
  options: EngineGateOptions = { topics: PLATFORM_TOPICS },
): Promise<DiagramProblem[]> {
  const read = await readDiagram(xml);
  if (!read.ok) return read.problems;
  return gateProblemsOf(read.definitions, options);
}
