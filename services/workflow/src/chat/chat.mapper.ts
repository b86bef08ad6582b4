import {
  type ChatMessageView,
  type ConversationView,
  type Language,
  renderMessage,
} from '@platform/contracts';

import { iso } from '../common/commands';
import type { ChatMessage, Conversation } from './conversation.entity';

export function conversationView(row: Conversation, messageCount: number): ConversationView {
  return {
    id: Number(row.id),
    theme: row.theme,
    ownerUserId: Number(row.ownerUserId),
    createTime: iso(row.createTime),
    updateTime: iso(row.updateTime),
    messageCount,
  };
}

/** A message as stored; a failed reply's reason in the reader's language. */
export function chatMessageView(row: ChatMessage, lang: Language): ChatMessageView {
  return {
    id: Number(row.id),
    conversationId: Number(row.conversationId),
    role: row.role,
    content: row.content,
    files: row.files ?? [],
    patch: row.patch ?? '',
    missionId: row.missionId === null ? null : Number(row.missionId),
    missionIds: missionIdsOf(row),
    agent: row.agent,
    status: row.status,
    error: row.errorKey ? renderMessage(row.errorKey, lang) : '',
    promptTokens: row.promptTokens,
    completionTokens: row.completionTokens,
    provider: row.provider,
    model: row.model,
    createTime: iso(row.createTime),
  };
}

/** The missions a reply started: the first on the row, all of them in its tool calls' results. */
function missionIdsOf(row: ChatMessage): number[] {
  const ids: number[] = [];
  for (const call of row.toolCalls ?? []) {
    try {
      const result = JSON.parse(call.result) as { missionId?: unknown };
      if (typeof result.missionId === 'number') ids.push(result.missionId);
    } catch {
      // A tool result that is not JSON started nothing.
    }
  }
  if (row.missionId !== null && !ids.includes(Number(row.missionId))) {
    ids.unshift(Number(row.missionId));
  }
  return ids;
}
