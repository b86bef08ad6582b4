import { registerPages } from '../menu/page-registry';

const chat = () => import('./ChatPage').then((m) => ({ default: m.ChatPage }));

/**
 * The research assistant: the workbench entry of the server menu (`wujie/char/talk`, every user's
 * landing page) and the app's own /char/info?id= for one conversation; one lazily loaded chunk.
 */
export function registerChatPages(): void {
  registerPages({ 'wujie/char/talk': chat, 'char/info': chat });
}
