import { LlmError } from './errors';
import type { ChatEvent, ChatReply, ChatRequest, LlmProvider } from './types';

/**
 * Reads a reply's events to the end (for callers that do not stream, such as an agent step), calling
 * `onDelta` for each piece of text. Throws the provider's LlmError.
 */
export async function collectReply(
  events: AsyncIterable<ChatEvent>,
  onDelta?: (text: string) => void,
): Promise<ChatReply> {
  let text = '';
  const toolCalls: ChatReply['toolCalls'] = [];
  for await (const event of events) {
    if (event.type === 'delta') {
      text += event.text;
      onDelta?.(event.text);
    } else if (event.type === 'tool_call') {
      toolCalls.push(event.call);
    } else {
      return {
        text,
        toolCalls,
        usage: event.usage,
        finishReason: event.finishReason,
        model: event.model,
      };
    }
  }
  throw new LlmError('unavailable', 'the reply ended without its done event');
}

/** One whole reply: `provider.chat(request)` collected. */
export function complete(provider: LlmProvider, request: ChatRequest): Promise<ChatReply> {
  return collectReply(provider.chat(request));
}
