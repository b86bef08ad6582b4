import {
  type Language,
  type MessageKey,
  type MessageParams,
  renderMessage,
} from '@platform/contracts';

/** One thing wrong with a diagram: the element it concerns, a message key and its parameters. */
export interface DiagramProblem {
  /** Id of the element the problem is about (process, node or flow). */
  elementId: string;
  key: MessageKey;
  params: MessageParams;
}

export function problem(
  elementId: string,
  key: MessageKey,
  params: MessageParams = {},
): DiagramProblem {
  return { elementId, key, params: { id: elementId, ...params } };
}

/** The problem as a sentence in a language; every diagram message names the element id. */
export function describeProblem(entry: DiagramProblem, lang: Language): string {
  return renderMessage(entry.key, lang, entry.params);
}
