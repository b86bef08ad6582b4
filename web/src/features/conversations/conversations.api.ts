// The console's conversation pages read the assistant's own calls (docs/api-assistant.md): the list
// with `all=true` for administrators and a conversation's messages (the chat's query).

export const CONVERSATIONS_LIST_URL = '/wujie/chat/list';
