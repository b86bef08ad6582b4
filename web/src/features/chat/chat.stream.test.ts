import { describe, expect, it } from 'vitest';

import { type ChatReplyEvent, readReplyStream, replyEventOf } from './chat.stream';

/** A body that arrives in the given pieces, as a network would cut it. */
function bodyOf(pieces: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces)
        controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece);
      controller.close();
    },
  });
}

async function read(pieces: (string | Uint8Array)[]): Promise<ChatReplyEvent[]> {
  const events: ChatReplyEvent[] = [];
  await readReplyStream(bodyOf(pieces), (event) => events.push(event));
  return events;
}

describe('readReplyStream', () => {
  it('should hand over each event of a reply in order', async () => {
    const events = await read([
      'event: start\ndata: {"conversationId":3,"userMessageId":10,"messageId":11}\n\n',
      ': heartbeat\n\n',
      'event: delta\ndata: {"text":"好的，"}\n\n',
      'event: delta\ndata: {"text":"开始人源化"}\n\n',
      'event: mission\ndata: {"missionId":7,"code":"M1","status":"not_started","workflowKey":"antibody_humanization"}\n\n',
      'event: done\ndata: {"messageId":11,"missionId":7}\n\n',
    ]);
    expect(events).toEqual([
      { type: 'start', conversationId: 3, userMessageId: 10, messageId: 11 },
      { type: 'delta', text: '好的，' },
      { type: 'delta', text: '开始人源化' },
      {
        type: 'mission',
        missionId: 7,
        code: 'M1',
        status: 'not_started',
        workflowKey: 'antibody_humanization',
      },
      { type: 'done', messageId: 11, missionId: 7 },
    ]);
  });

  it('should join events cut across chunks, even inside a character', async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"抗体"}\n\n');
    // Split in the middle of the three bytes of 抗.
    const cut = bytes.indexOf(0xe6) + 1;
    const events = await read([bytes.slice(0, 5), bytes.slice(5, cut), bytes.slice(cut)]);
    expect(events).toEqual([{ type: 'delta', text: '抗体' }]);
  });

  it('should read CRLF line ends and drop a last event cut off before its blank line', async () => {
    const events = await read([
      'event: delta\r\ndata: {"text":"a"}\r\n\r\n',
      'event: done\ndata: {"messageId":2}',
    ]);
    expect(events).toEqual([{ type: 'delta', text: 'a' }]);
  });

  it('should hand over an error event with its message', async () => {
    const events = await read([
      'event: delta\ndata: {"text":"par"}\n\n',
      'event: error\ndata: {"messageId":5,"message":"模型服务不可用"}\n\n',
    ]);
    expect(events.at(-1)).toEqual({ type: 'error', messageId: 5, message: '模型服务不可用' });
  });

  it('should reject when the stream breaks', async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('event: delta\ndata: {"text":"x"}\n\n'));
        controller.error(new TypeError('network error'));
      },
    });
    await expect(readReplyStream(broken, () => undefined)).rejects.toThrow('network error');
  });
});

describe('replyEventOf', () => {
  it('should drop events of unknown names and malformed data', () => {
    expect(replyEventOf({ event: 'ping', data: '{}' })).toBeUndefined();
    expect(replyEventOf({ event: undefined, data: '{"text":"x"}' })).toBeUndefined();
    expect(replyEventOf({ event: 'delta', data: 'not json' })).toBeUndefined();
    expect(replyEventOf({ event: 'delta', data: '{"text":3}' })).toBeUndefined();
    expect(replyEventOf({ event: 'done', data: '{"messageId":"9"}' })).toBeUndefined();
    expect(
      replyEventOf({
        event: 'mission',
        data: '{"missionId":1,"code":"M","status":"flying","workflowKey":"k"}',
      }),
    ).toBeUndefined();
  });

  it('should keep the optional mission of done only when it is an id', () => {
    expect(replyEventOf({ event: 'done', data: '{"messageId":4,"missionId":null}' })).toEqual({
      type: 'done',
      messageId: 4,
    });
  });
});
