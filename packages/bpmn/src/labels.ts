import type { Language } from '@platform/contracts';

import { decodeAgentDescriptor, decodeBranchDescriptor } from './descriptors';

/**
 * The label of a node in a language (spec §2): in English the descriptor's `nameen` of a user task
 * or exclusive gateway when set, otherwise the element's own name.
 */
export function nodeLabel(
  element: { type: string; name?: string; documentation?: string },
  lang: Language,
): string {
  const name = element.name ?? '';
  if (lang !== 'en' || !element.documentation) return name;
  const decode =
    element.type === 'bpmn:UserTask'
      ? decodeAgentDescriptor
      : element.type === 'bpmn:ExclusiveGateway'
        ? decodeBranchDescriptor
        : null;
  const nameen = decode?.(element.documentation).value.nameen.trim();
  return nameen || name;
}
