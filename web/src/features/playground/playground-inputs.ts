import {
  CHAT_ATTACHMENT_EXTENSIONS,
  type ChatAttachmentExtension,
  type MissionInputs,
  UPLOAD_MAX_BYTES,
} from '@platform/contracts';

import { extensionOf } from '../chat';

// The playground's free inputs: a request with its sequences, an optional patch, and text files
// (FASTA, PDB, CSV, text) whose content is put into the request — what is sent is what the user
// sees, and the agents read sequences from the text (they do not open stored files).

export type InsertProblem = 'type' | 'size' | 'empty' | 'binary';

/** Why a picked file cannot be put into the request, or null when it can (before it is read). */
export function insertProblem(file: Pick<File, 'name' | 'size'>): InsertProblem | null {
  const ext = extensionOf(file.name) as ChatAttachmentExtension;
  if (!CHAT_ATTACHMENT_EXTENSIONS.includes(ext)) return 'type';
  if (file.size > UPLOAD_MAX_BYTES) return 'size';
  if (file.size === 0) return 'empty';
  return null;
}

/** The request with a file's text after it; null when the content is not text. */
export function withFileText(text: string, content: string): string | null {
  if (content.includes('\u0000')) return null;
  const body = content.replace(/\r\n?/g, '\n').trim();
  if (!body) return text;
  const head = text.replace(/\s+$/, '');
  return head ? `${head}\n${body}\n` : `${body}\n`;
}

/** The inputs as a mission stores them: text and patch trimmed, empty parts left out. */
export function playgroundInputs(text: string, patch: string): MissionInputs {
  return {
    ...(text.trim() ? { text: text.trim() } : {}),
    ...(patch.trim() ? { patch: patch.trim() } : {}),
  };
}
