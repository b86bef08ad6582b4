import { registerPages } from '../../lib/page-registry';

/** The server menu's component of the chat: every user's landing page (LANDING_PATH). */
export const LANDING_COMPONENT = 'wujie/char/talk';

const chat = () => import('./ChatPage').then((m) => ({ default: m.ChatPage }));

/**
 * The research assistant: the workbench entry of the server menu (`wujie/char/talk`, every user's
 * landing page) and the app's own /char/info?id= for one conversation; one lazily loaded chunk.
 */
export function registerChatPages(): void {
  registerPages({ [LANDING_COMPONENT]: chat, 'char/info': chat });
}
