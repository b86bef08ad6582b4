import { loadModdle, type ModdleElement } from './moddle';

/**
 * The form keys of a diagram's user tasks (`camunda:formKey`), by task id, sub-processes included;
 * tasks without one are absent. An unreadable diagram has none.
 */
export async function userTaskFormKeys(xml: string): Promise<Record<string, string>> {
  const moddle = await loadModdle();
  let definitions: ModdleElement;
  try {
    definitions = (await moddle.fromXML(xml)).rootElement;
  } catch {
    return {};
  }
  const keys: Record<string, string> = {};
  const visit = (elements: ModdleElement[] | undefined) => {
    for (const element of elements ?? []) {
      const formKey = (element as { formKey?: unknown }).formKey;
      if (
        element.$type === 'bpmn:UserTask' &&
        element.id &&
        typeof formKey === 'string' &&
        formKey
      ) {
        keys[element.id] = formKey;
      }
      visit(element.flowElements);
    }
  };
  for (const root of definitions.rootElements ?? []) visit(root.flowElements);
  return keys;
}

/** The prefix of a form key naming one of the platform's process forms: `bpm-form:<form id>`. */
export const BPM_FORM_KEY_PREFIX = 'bpm-form:';

/** The form id a form key names, or null for another kind of key (Camunda's embedded:, app:…). */
export function bpmFormIdOf(formKey: string | null | undefined): number | null {
  if (!formKey?.startsWith(BPM_FORM_KEY_PREFIX)) return null;
  const id = Number(formKey.slice(BPM_FORM_KEY_PREFIX.length));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
