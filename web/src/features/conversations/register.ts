import { registerPages } from '../../lib/page-registry';

const page = () => import('./ConversationsPage').then((m) => ({ default: m.ConversationsPage }));

/**
 * The console's conversation pages: the seeded entries "Chat assistant" (`wujie/chat/index`) and
 * "Conversation history" (`wujie/chat/history`) both list conversations (everyone's for an
 * administrator, read only); one lazily loaded chunk.
 */
export function registerConversationPages(): void {
  registerPages({ 'wujie/chat/index': page, 'wujie/chat/history': page });
}
