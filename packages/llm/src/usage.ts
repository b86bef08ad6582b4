import type { ChatMessage, TokenUsage } from './types';

// Han, kana and hangul take about one token per character in the common tokenizers; other text
// about four characters per token. Good enough for an estimate marked as one.
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/gu;

/** A rough token count of a text (used only when the provider reports none). */
export function estimateTokens(text: string): number {
  if (!text) return 0;
  const cjk = text.match(CJK)?.length ?? 0;
  const rest = text.length - cjk;
  return cjk + Math.ceil(rest / 4);
}

/** A rough token count of a conversation: its texts plus a few tokens of framing per message. */
export function estimateMessagesTokens(messages: readonly ChatMessage[]): number {
  let total = 0;
  for (const message of messages) {
    total += 4 + estimateTokens(message.content);
    if (message.role === 'user') {
      for (const file of message.attachments ?? []) total += estimateTokens(file.text) + 4;
    }
    if (message.role === 'assistant') {
      for (const call of message.toolCalls ?? []) {
        total += estimateTokens(call.name) + estimateTokens(call.arguments);
      }
    }
  }
  return total;
}

export function estimatedUsage(promptTokens: number, completionTokens: number): TokenUsage {
  return {
    promptTokens,
    completionTokens,
    totalTokens: promptTokens + completionTokens,
    estimated: true,
  };
}
