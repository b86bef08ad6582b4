import {
  CHAT_ATTACHMENT_EXTENSIONS,
  CHAT_FILES_MAX,
  type ChatAttachmentExtension,
  hasMissionInput,
  UPLOAD_MAX_BYTES,
} from '@platform/contracts';

import type { Outgoing } from './chat.thread';

// What the input box checks before anything is uploaded (the server checks each file's content
// again): the kinds the assistant reads, 5 MB each, 5 files per message. And the send rule of
// spec §5: a message needs content, a file or a patch — the same rule a mission's inputs follow.

export type AttachmentProblem =
  | { kind: 'type'; name: string }
  | { kind: 'size'; name: string }
  | { kind: 'count'; name: string }
  | { kind: 'empty'; name: string };

/** `.fasta` … `.txt`, for the file picker's accept attribute. */
export const ATTACHMENT_ACCEPT = CHAT_ATTACHMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Splits the picked files into those to upload and the refused ones, given how many are attached
 * already: a file of another kind, an empty one or one over 5 MB is refused, and so is every file
 * past the fifth.
 */
export function checkAttachments(
  attached: number,
  picked: readonly Pick<File, 'name' | 'size'>[],
): { accepted: number[]; problems: AttachmentProblem[] } {
  const accepted: number[] = [];
  const problems: AttachmentProblem[] = [];
  picked.forEach((file, index) => {
    const { name, size } = file;
    if (!CHAT_ATTACHMENT_EXTENSIONS.includes(extensionOf(name) as ChatAttachmentExtension))
      problems.push({ kind: 'type', name });
    else if (size > UPLOAD_MAX_BYTES) problems.push({ kind: 'size', name });
    else if (size === 0) problems.push({ kind: 'empty', name });
    else if (attached + accepted.length >= CHAT_FILES_MAX) problems.push({ kind: 'count', name });
    else accepted.push(index);
  });
  return { accepted, problems };
}

/** Spec §5: sending needs content, a file or a patch. */
export function canSend(message: Outgoing): boolean {
  return hasMissionInput({
    text: message.content,
    files: message.files.map((file) => file.fileName),
    patch: message.patch,
  });
}
