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
