import type { ChatAttachment, ChatMessage as LlmMessage } from '@platform/llm';

import type { ChatMessage, StoredAttachment } from './conversation.entity';

/**
 * How much of each attachment's text is kept for later turns (the current turn reads all of it).
 * The planner reads a PDB's SEQRES or a FASTA from the start of the file, and a real model's context
 * would not hold 5 MB anyway; this keeps a message row far below the database's packet limit.
 */
export const CHAT_ATTACHMENT_KEPT_CHARS = 200_000;

/** The attachments of a message as the model reads them: the files' text, then the patch. */
export function attachmentsOf(
  files: readonly StoredAttachment[],
  patch: string | null,
): ChatAttachment[] {
  return [...files, ...(patch ? [{ name: 'patch', text: patch }] : [])];
}

export function keptAttachments(files: readonly StoredAttachment[]): StoredAttachment[] {
  return files.map((f) => ({ name: f.name, text: f.text.slice(0, CHAT_ATTACHMENT_KEPT_CHARS) }));
}

/**
 * A conversation's stored messages as the model's history: the user's messages with their
 * attachments, and each complete reply with the tool calls it made and their results (so the
 * planner knows which requests already started a mission). Failed and unfinished replies are left
 * out: they are incomplete, and the user asks again after one.
 */
export function modelHistory(rows: readonly ChatMessage[]): LlmMessage[] {
  const messages: LlmMessage[] = [];
  for (const row of rows) {
    if (row.role === 'user') {
      const attachments = attachmentsOf(row.attachments ?? [], row.patch);
      messages.push({
        role: 'user',
        content: row.content,
        ...(attachments.length ? { attachments } : {}),
      });
      continue;
    }
    if (row.status !== 'complete') continue;
    const calls = row.toolCalls ?? [];
    if (!row.content && calls.length === 0) continue;
    messages.push({
      role: 'assistant',
      content: row.content,
      ...(calls.length
        ? {
            toolCalls: calls.map(({ id, name, arguments: args }) => ({
              id,
              name,
              arguments: args,
            })),
          }
        : {}),
    });
    for (const call of calls) {
      messages.push({ role: 'tool', toolCallId: call.id, content: call.result });
    }
  }
  return messages;
}
