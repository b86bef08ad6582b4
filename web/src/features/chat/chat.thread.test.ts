import type { ChatMessageView } from '@platform/contracts';
import { describe, expect, it } from 'vitest';

import type { ChatReplyEvent } from './chat.stream';
import {
  EMPTY_THREAD,
  missionsOf,
  replyKey,
  type Thread,
  type ThreadAction,
  threadReducer,
} from './chat.thread';

const TIME = '2026-01-01T00:00:00.000Z';

function stored(overrides: Partial<ChatMessageView> & Pick<ChatMessageView, 'id' | 'role'>) {
  return {
    conversationId: 1,
    content: '',
    files: [],
    patch: '',
    missionId: null,
    missionIds: overrides.missionId == null ? [] : [overrides.missionId],
    agent: overrides.role === 'assistant' ? 'assistant' : null,
    status: 'complete',
    error: '',
    promptTokens: 0,
    completionTokens: 0,
    provider: '',
    model: '',
    createTime: TIME,
    ...overrides,
  } satisfies ChatMessageView;
}

const run = (thread: Thread, ...actions: ThreadAction[]) => actions.reduce(threadReducer, thread);
const sent = (key: string, content: string): ThreadAction => ({
  type: 'sent',
  key,
  message: { content, files: [], patch: '' },
  time: TIME,
});
const event = (key: string, e: ChatReplyEvent): ThreadAction => ({ type: 'event', key, event: e });

describe('threadReducer', () => {
  it('should show the sent message and a streaming reply from the assistant at once', () => {
    const thread = run(EMPTY_THREAD, sent('k1', '请人源化'));
    expect(thread.streaming).toBe(replyKey('k1'));
    expect(thread.messages.map((m) => [m.role, m.content, m.status, m.agent])).toEqual([
      ['user', '请人源化', 'complete', null],
      ['assistant', '', 'streaming', 'assistant'],
    ]);
  });

  it('should grow the reply by its deltas and attach the mission it started', () => {
    const thread = run(
      EMPTY_THREAD,
      sent('k1', 'humanize'),
      event('k1', { type: 'start', conversationId: 1, userMessageId: 20, messageId: 21 }),
      event('k1', { type: 'delta', text: 'Starting ' }),
      event('k1', { type: 'delta', text: 'humanization.' }),
      event('k1', {
        type: 'mission',
        missionId: 9,
        code: 'M9',
        status: 'not_started',
        workflowKey: 'antibody_humanization',
      }),
      event('k1', { type: 'done', messageId: 21, missionId: 9 }),
    );
    const [question, reply] = thread.messages;
    expect(question!.id).toBe(20);
    expect(reply).toMatchObject({
      id: 21,
      content: 'Starting humanization.',
      missionId: 9,
      status: 'complete',
      mission: { missionId: 9, code: 'M9', status: 'not_started' },
    });
    expect(thread.streaming).toBeNull();
    expect(missionsOf(thread)).toEqual([9]);
  });

  it('should attach every mission a reply started, the first as its missionId', () => {
    const mission = (
      missionId: number,
      workflowKey: 'antibody_humanization' | 'risk_site_analysis',
    ) =>
      event('k1', {
        type: 'mission',
        missionId,
        code: `M${missionId}`,
        status: 'not_started',
        workflowKey,
      });
    const thread = run(
      EMPTY_THREAD,
      sent('k1', 'humanize it and check risk sites'),
      event('k1', { type: 'start', conversationId: 1, userMessageId: 20, messageId: 21 }),
      mission(9, 'antibody_humanization'),
      mission(10, 'risk_site_analysis'),
      event('k1', { type: 'done', messageId: 21, missionId: 9 }),
    );

    expect(thread.messages[1]).toMatchObject({ missionId: 9, missionIds: [9, 10] });
    expect(missionsOf(thread)).toEqual([9, 10]);
    const reloaded = threadReducer(EMPTY_THREAD, {
      type: 'loaded',
      messages: [stored({ id: 21, role: 'assistant', missionId: 9, missionIds: [9, 10] })],
    });
    expect(missionsOf(reloaded)).toEqual([9, 10]);
  });

  it('should keep what was written and show the reason when the reply fails', () => {
    const thread = run(
      EMPTY_THREAD,
      sent('k1', 'q'),
      event('k1', { type: 'delta', text: 'partial' }),
      event('k1', { type: 'error', messageId: 3, message: 'The model did not answer' }),
    );
    expect(thread.messages[1]).toMatchObject({
      id: 3,
      content: 'partial',
      status: 'failed',
      error: 'The model did not answer',
    });
    expect(thread.streaming).toBeNull();
  });

  it('should mark a reply interrupted when the stream ends without done, and only then', () => {
    const broken = run(EMPTY_THREAD, sent('k1', 'q'), {
      type: 'interrupted',
      key: 'k1',
      message: 'cut',
    });
    expect(broken.messages[1]).toMatchObject({ status: 'failed', error: 'cut' });
    const finished = run(
      EMPTY_THREAD,
      sent('k1', 'q'),
      event('k1', { type: 'done', messageId: 2 }),
      { type: 'interrupted', key: 'k1', message: 'cut' },
    );
    expect(finished.messages[1]).toMatchObject({ status: 'complete', error: '' });
  });

  it('should ignore events of a reply that is not in the thread', () => {
    const thread = run(EMPTY_THREAD, sent('k1', 'q'));
    expect(run(thread, event('other', { type: 'delta', text: 'x' }))).toBe(thread);
  });

  it('should load stored messages exactly, keeping the keys of those already shown', () => {
    const streamed = run(
      EMPTY_THREAD,
      sent('k1', 'q'),
      event('k1', { type: 'start', conversationId: 1, userMessageId: 1, messageId: 2 }),
      event('k1', { type: 'delta', text: 'streamed' }),
    );
    // While the reply streams, a read of the conversation changes nothing.
    const list = [
      stored({ id: 1, role: 'user', content: 'q' }),
      stored({ id: 2, role: 'assistant', content: 'stored text', missionId: 5 }),
    ];
    expect(run(streamed, { type: 'loaded', messages: list })).toBe(streamed);
    const done = run(
      streamed,
      event('k1', {
        type: 'mission',
        missionId: 5,
        code: 'M5',
        status: 'not_started',
        workflowKey: 'epitope_prediction',
      }),
      event('k1', { type: 'done', messageId: 2, missionId: 5 }),
    );
    const loaded = run(done, { type: 'loaded', messages: list });
    expect(loaded.messages.map((m) => [m.key, m.content, m.missionId])).toEqual([
      ['k1', 'q', null],
      [replyKey('k1'), 'stored text', 5],
    ]);
    // The card keeps what the stream announced until it reads the mission.
    expect(loaded.messages[1]!.mission).toMatchObject({ missionId: 5, code: 'M5' });
    const fresh = run(EMPTY_THREAD, { type: 'loaded', messages: list });
    expect(fresh.messages.map((m) => m.key)).toEqual(['m1', 'm2']);
    expect(missionsOf(fresh)).toEqual([5]);
  });

  it('should keep messages the server did not store after the stored ones', () => {
    const thread = run(
      EMPTY_THREAD,
      sent('k1', 'refused'),
      { type: 'interrupted', key: 'k1', message: 'Submission failed' },
      {
        type: 'answered',
        key: 'k2',
        id: null,
        message: { content: 'IMGT', files: [], patch: '' },
        time: TIME,
      },
    );
    const loaded = run(thread, {
      type: 'loaded',
      messages: [stored({ id: 1, role: 'user', content: 'earlier' })],
    });
    expect(loaded.messages.map((m) => [m.content, m.status])).toEqual([
      ['earlier', 'complete'],
      ['refused', 'complete'],
      ['', 'failed'],
      ['IMGT', 'complete'],
    ]);
  });
  it('should not let a read sent before the reply ended set it back or drop newer messages', () => {
    const done = run(
      EMPTY_THREAD,
      sent('k1', 'q'),
      event('k1', { type: 'start', conversationId: 1, userMessageId: 1, messageId: 2 }),
      event('k1', { type: 'delta', text: 'Predicting epitopes.' }),
      event('k1', { type: 'done', messageId: 2 }),
    );
    // Read when the conversation opened, answered after the stream's end: the reply still streaming.
    const whileStreaming = run(done, {
      type: 'loaded',
      messages: [
        stored({ id: 1, role: 'user', content: 'q' }),
        stored({ id: 2, role: 'assistant', content: '', status: 'streaming' }),
      ],
    });
    expect(whileStreaming.messages.map((m) => [m.key, m.content, m.status])).toEqual([
      ['k1', 'q', 'complete'],
      [replyKey('k1'), 'Predicting epitopes.', 'complete'],
    ]);
    // Read before the question was stored at all.
    const beforeSend = run(done, { type: 'loaded', messages: [] });
    expect(beforeSend.messages.map((m) => m.content)).toEqual(['q', 'Predicting epitopes.']);
    // The next read holds both as stored: the stored text wins.
    const after = run(whileStreaming, {
      type: 'loaded',
      messages: [
        stored({ id: 1, role: 'user', content: 'q' }),
        stored({ id: 2, role: 'assistant', content: 'Predicting epitopes (stored).' }),
      ],
    });
    expect(after.messages.map((m) => m.content)).toEqual(['q', 'Predicting epitopes (stored).']);
  });
  it('should show an answer to a mission once, under the key it was shown with', () => {
    const answered = run(
      EMPTY_THREAD,
      { type: 'loaded', messages: [stored({ id: 1, role: 'assistant', content: 'started' })] },
      {
        type: 'answered',
        key: 'k2',
        id: 7,
        message: { content: 'IMGT', files: [], patch: '' },
        time: TIME,
      },
    );
    const loaded = run(answered, {
      type: 'loaded',
      messages: [
        stored({ id: 1, role: 'assistant', content: 'started' }),
        stored({ id: 7, role: 'user', content: 'IMGT', missionId: 3 }),
      ],
    });
    expect(loaded.messages.map((m) => [m.key, m.content])).toEqual([
      ['m1', 'started'],
      ['k2', 'IMGT'],
    ]);
  });
});
