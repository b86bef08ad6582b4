// What the chat feature offers other features: they import it from here, never from its files
// (the boundaries rule in eslint.config.mjs).
export { ATTACHMENT_ACCEPT, extensionOf } from './attachments';
export { messagesQuery } from './chat.api';
export { EMPTY_THREAD, threadReducer } from './chat.thread';
export { MessageList } from './components/MessageList';
