import type { ChatMessageView, ConversationView } from '@platform/contracts';
import { identityStarter } from '@platform/identity';
import { workflowStarter } from '@platform/workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type Caller, callerFor } from '../support/callers';
import {
  ADMIN_PASSWORD,
  api,
  login,
  registerByPhone,
  setCaptcha,
  startStack,
  type TestStack,
} from '../support/stack';

// The console's "Chat assistant" and "Conversation history" pages as they call the API: every
// user's conversations for an administrator (all=true) with the owner and the number of messages,
// paged and searched on the server, and a conversation's messages read only; a user sees only their
// own whatever they ask. The assistant is the built-in planner (no network).

describe('conversation history in the console', () => {
  let stack: TestStack;
  let admin: Caller;
  let alice: Caller;
  let bob: Caller;
  let aliceFirst: number;

  const as = (token: string) => callerFor(stack, token);

  const list = async (caller: Caller, query: string) => {
    const res = await caller.get(`/wujie/chat/list?${query}`);
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
    return res.body as { rows: ConversationView[]; total: number };
  };

  /** A conversation with `questions` unrelated questions (each a user message and a reply). */
  const conversation = async (caller: Caller, theme: string, questions: number) => {
    const id = (await caller.post('/wujie/chat', { theme })).body.data.id as number;
    for (let i = 0; i < questions; i += 1) {
      const res = await api(stack)
        .post(`/prod-api/wujie/chat/${id}/messages`)
        .set('Authorization', `Bearer ${caller.token}`)
        .set('Accept', 'application/json')
        .set('repeatSubmit', 'false')
        .send({ content: `What is an antibody? (${i})` });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
    }
    return id;
  };

  beforeAll(async () => {
    stack = await startStack([identityStarter, workflowStarter]);
    await setCaptcha(stack, false);
    admin = await as(await login(stack, 'admin', ADMIN_PASSWORD));
    alice = await as((await registerByPhone(stack)).token);
    bob = await as((await registerByPhone(stack)).token);
    aliceFirst = await conversation(alice, 'alice rituximab', 2);
    await conversation(alice, 'alice lysozyme', 0);
    await conversation(bob, 'bob trastuzumab', 1);
  });
  afterAll(() => stack.close());

  it("should list every user's conversations for an administrator with owner and message count", async () => {
    const page = await list(admin, 'all=true&pageSize=500');
    const mine = page.rows.filter((r) => [alice.userId, bob.userId].includes(r.ownerUserId));
    expect(
      mine
        .map((r) => [r.theme, r.ownerUserId, r.messageCount])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['alice lysozyme', alice.userId, 0],
      ['alice rituximab', alice.userId, 4],
      ['bob trastuzumab', bob.userId, 2],
    ]);
    expect(page.total).toBeGreaterThanOrEqual(3);
    // Newest message first: bob's was written last.
    expect(mine[0]!.theme).toBe('bob trastuzumab');
  });

  it('should page, search by theme and narrow to one owner on the server', async () => {
    const first = await list(admin, `all=true&ownerUserId=${alice.userId}&pageSize=1&pageNum=1`);
    const second = await list(admin, `all=true&ownerUserId=${alice.userId}&pageSize=1&pageNum=2`);
    expect(first.total).toBe(2);
    expect(first.rows).toHaveLength(1);
    expect(second.rows).toHaveLength(1);
    expect(new Set([first.rows[0]!.theme, second.rows[0]!.theme])).toEqual(
      new Set(['alice rituximab', 'alice lysozyme']),
    );
    const found = await list(admin, 'all=true&theme=trastu');
    expect(found.rows.map((r) => r.theme)).toEqual(['bob trastuzumab']);
  });

  it("should let an administrator read another user's messages but not write to the conversation", async () => {
    const res = await admin.get(`/wujie/chat/${aliceFirst}/messages`);
    const messages = res.body.data as ChatMessageView[];
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(messages[0]!.content).toBe('What is an antibody? (0)');
    const rename = await admin.put('/wujie/chat', { id: aliceFirst, theme: 'taken over' });
    expect(rename.body).toMatchObject({ code: 403 });
    // The count follows a rename's answer too.
    const renamed = await alice.put('/wujie/chat', { id: aliceFirst, theme: 'alice rituximab' });
    expect(renamed.body.data).toMatchObject({ messageCount: 4 });
  });

  it('should give a user only their own conversations whatever they ask, and refuse another user’s messages', async () => {
    const page = await list(bob, `all=true&ownerUserId=${alice.userId}&pageSize=500`);
    expect(page.rows.map((r) => r.theme)).toEqual(['bob trastuzumab']);
    expect(page.rows[0]!.messageCount).toBe(2);
    // Answered as a conversation that does not exist: a 403 would tell bob that it does.
    const other = await bob.get(`/wujie/chat/${aliceFirst}/messages`);
    const missing = await bob.get('/wujie/chat/987654321/messages');
    expect(other.body).toMatchObject({ code: 404 });
    expect(other.body).toEqual(missing.body);
  });
});
