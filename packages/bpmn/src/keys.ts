import {
  ELEMENT_ID_PATTERN,
  type Language,
  type MessageKey,
  PROCESS_KEY_PATTERN,
} from '@platform/contracts';

// Designer rules for the process key, name and element ids (spec §5, §9).

/**
 * What is wrong with a process key, if anything: empty, not matching the key rule ("key 只能使用
 * 英文数字命名"), or already used by another process (`taken` holds the other processes' keys).
 */
export function processKeyProblem(key: string, taken: Iterable<string> = []): MessageKey | null {
  if (!key || key.trim() === '') return 'bpmn.key_required';
  if (!PROCESS_KEY_PATTERN.test(key)) return 'bpmn.key_pattern';
  for (const other of taken) if (other === key) return 'bpmn.key_duplicate';
  return null;
}

export function processNameProblem(name: string | undefined): MessageKey | null {
  return !name || name.trim() === '' ? 'bpmn.name_required' : null;
}

/** Element ids: a letter first, then letters, digits, dashes, dots, colons or underscores. */
export function isValidElementId(id: string | undefined): boolean {
  return typeof id === 'string' && ELEMENT_ID_PATTERN.test(id);
}

/** Id and name of a new process: both use the current timestamp (spec §9). */
export function defaultProcessIdentity(lang: Language, now = Date.now()) {
  return { id: `Process_${now}`, name: lang === 'en' ? `Process_${now}` : `业务流程_${now}` };
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A random suffix of lower-case letters and digits (timer definition ids get 8, spec §9). */
export function randomSuffix(length = 8, random: () => number = Math.random): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return out;
}
