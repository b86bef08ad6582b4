import { describe, expect, it } from 'vitest';

import { CHAT_ATTACHMENT_KEPT_CHARS, keptAttachments, modelHistory } from './assistant-history';
import type { ChatMessage } from './conversation.entity';

function row(fields: Partial<ChatMessage>): ChatMessage {
  return {
    id: 1,
    conversationId: 1,
    role: 'user',
    content: '',
    files: null,
    attachments: null,
    patch: null,
    missionId: null,
    agent: null,
    status: 'complete',
    errorKey: null,
    toolCalls: null,
    promptTokens: 0,
    completionTokens: 0,
    tokensEstimated: false,
    provider: '',
    model: '',
    createTime: new Date(0),
    ...fields,
  };
}

describe(modelHistory.name, () => {
  it('should replay a reply that started a mission with its call and result, after the user message', () => {
    const call = { id: 'call_1', name: 'start_mission', arguments: '{"job":"humanization"}' };
    const sut = modelHistory([
      row({
        content: 'humanize',
        attachments: [{ name: 'h.fasta', text: '>h\nQVQL' }],
        patch: 'S30T',
      }),
      row({
        role: 'assistant',
        content: 'Starting.\n\nCreated.',
        toolCalls: [{ ...call, result: '{"missionId":7}' }],
      }),
    ]);
    expect(sut).toEqual([
      {
        role: 'user',
        content: 'humanize',
        attachments: [
          { name: 'h.fasta', text: '>h\nQVQL' },
          { name: 'patch', text: 'S30T' },
        ],
      },
      { role: 'assistant', content: 'Starting.\n\nCreated.', toolCalls: [call] },
      { role: 'tool', toolCallId: 'call_1', content: '{"missionId":7}' },
    ]);
  });

  it('should leave out failed, unfinished and empty replies', () => {
    const sut = modelHistory([
      row({ content: 'hi' }),
      row({ role: 'assistant', content: 'partial', status: 'failed' }),
      row({ role: 'assistant', content: '', status: 'streaming' }),
      row({ role: 'assistant', content: '' }),
      row({ content: 'again' }),
      row({ role: 'assistant', content: 'hello' }),
    ]);
    expect(sut).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'user', content: 'again' },
      { role: 'assistant', content: 'hello' },
    ]);
  });
});

describe(keptAttachments.name, () => {
  it('should keep the start of each attachment for later turns', () => {
    const long = 'A'.repeat(CHAT_ATTACHMENT_KEPT_CHARS + 10);
    expect(keptAttachments([{ name: 'a.txt', text: long }])[0].text).toHaveLength(
      CHAT_ATTACHMENT_KEPT_CHARS,
    );
  });
});
