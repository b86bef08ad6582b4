import { checkEngineGate, PLATFORM_TOPICS, prepareForEngine } from '@platform/bpmn';
import { DomainError } from '@platform/contracts';
import {
  type CamundaRestClient,
  CamundaRestError,
  type ProcessDefinitionDto,
} from '@platform/engine-client';

import { DiagramError } from '../common/diagram-error';

/** One problem of a refused deployment, as Camunda's ParseException details list them. */
interface ParseProblem {
  message?: string;
  /** Only the embedded engine adds the Chinese text. */
  messageZh?: string;
}

/**
 * Deploys a diagram under its process key with duplicate filtering (an unchanged diagram keeps its
 * definition version) and answers the key's current definition. An engine refusal becomes a
 * message naming the elements, in both languages; an unreachable engine says so.
 */
export async function deployDiagram(
  client: CamundaRestClient,
  key: string,
  xml: string,
): Promise<ProcessDefinitionDto> {
  return deployExecutable(client, key, await prepareForEngine(xml));
}

/**
 * Deploys BPMN that is already executable (a compiled workflow), the same way. Every deployment
 * goes through here, so the engine gate is checked here once more, whatever was checked at save
 * (a row written around the service, a check that changed since): refused BPMN never reaches the
 * engine, and the refusal names each element.
 */
export async function deployExecutable(
  client: CamundaRestClient,
  key: string,
  content: string,
): Promise<ProcessDefinitionDto> {
  const problems = await checkEngineGate(content, { topics: PLATFORM_TOPICS });
  if (problems.length > 0) throw new DiagramError(problems);
  try {
    const deployment = await client.deploy({
      deploymentName: key,
      deploymentSource: 'platform',
      enableDuplicateFiltering: true,
      resources: [{ name: `${key}.bpmn`, content }],
    });
    // A filtered duplicate deploys nothing new: the key's current definition is then the answer.
    const [deployed] = Object.values(deployment.deployedProcessDefinitions ?? {});
    return deployed ?? (await client.getProcessDefinitionByKey(key));
  } catch (error) {
    throw refusalOf(error);
  }
}

function refusalOf(error: unknown): Error {
  if (!(error instanceof CamundaRestError))
    return new DomainError('bpm.engine_unavailable', {}, 503);
  if (error.status >= 500) return new DomainError('bpm.engine_unavailable', {}, 503);
  const problems = problemsOf(error.body);
  const reasonEn = problems.map((p) => p.message).join('; ') || error.message;
  const reasonZh = problems.map((p) => p.messageZh ?? p.message).join('；') || error.message;
  return new DomainError('bpm.deploy_refused', { reasonZh, reasonEn });
}

function problemsOf(body: unknown): ParseProblem[] {
  const details = (body as { details?: Record<string, { errors?: ParseProblem[] }> } | null)
    ?.details;
  return Object.values(details ?? {}).flatMap((resource) => resource.errors ?? []);
}
