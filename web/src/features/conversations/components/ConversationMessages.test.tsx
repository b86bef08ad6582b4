import type { ChatMessageView, ConversationView } from '@platform/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { json, useApiServer } from '../../../../test-utils/api-server';
import { missionView } from '../../../../test-utils/mission-factories';
import { render } from '../../../../test-utils/render';
import { sessionStore } from '../../../lib/auth';
import { ConversationMessages } from './ConversationMessages';

// jsdom has no element scrolling; the message window follows the bottom with scrollTo.
window.HTMLElement.prototype.scrollTo ??= () => undefined;

const server = useApiServer();
const signedOut = sessionStore.get();
afterEach(() => sessionStore.set(() => signedOut));

const conversation: ConversationView = {
  id: 5,
  theme: 'Humanize rituximab',
  ownerUserId: 3,
  createTime: '2026-11-25T10:00:00.000Z',
  updateTime: '2026-11-25T10:01:00.000Z',
  messageCount: 2,
};

function message(overrides: Partial<ChatMessageView>): ChatMessageView {
  return {
    id: 1,
    conversationId: 5,
    role: 'user',
    content: '',
    files: [],
    patch: '',
    missionId: null,
    missionIds: overrides.missionId == null ? [] : [overrides.missionId],
    agent: null,
    status: 'complete',
    error: '',
    promptTokens: 0,
    completionTokens: 0,
    provider: '',
    model: '',
    createTime: '2026-11-25T10:00:00.000Z',
    ...overrides,
  };
}

function serve(messages: ChatMessageView[]) {
  server().on('/wujie/chat/5/messages', (_req, res) =>
    json(res, { code: 200, msg: 'ok', data: messages }),
  );
  server().on('/wujie/mission/7', (_req, res) =>
    json(res, { code: 200, msg: 'ok', data: missionView({ id: 7, status: 'in_progress' }) }),
  );
  server().on('/wujie/missionLog/list', (_req, res) =>
    json(res, { code: 200, msg: 'ok', rows: [], total: 0 }),
  );
}

describe(ConversationMessages.name, () => {
  it("should show another user's messages under their name with a read-only mission card linking to /mission/info", async () => {
    // Even a reader who may stop missions gets no actions here: the page is read only.
    sessionStore.set((s) => ({ ...s, permissions: ['*:*:*'] }));
    serve([
      message({ id: 1, content: 'Please humanize this antibody' }),
      message({
        id: 2,
        role: 'assistant',
        agent: 'assistant',
        content: 'I started a humanization mission.',
        missionId: 7,
        provider: 'planner',
      }),
    ]);
    render(<ConversationMessages conversation={conversation} owner="alice" own={false} />);

    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(2));
    const speakers = screen.getAllByTestId('chat-message-agent').map((el) => el.textContent);
    expect(speakers).toEqual(['alice', 'Assistant']);
    const link = await screen.findByRole('link', { name: 'Humanization' });
    expect(link.getAttribute('href')).toBe('/mission/info?id=7');
    expect(screen.getByTestId('mission-card')).toBeTruthy();
    expect(screen.queryByTestId('mission-stop')).toBeNull();
    expect(screen.queryByTestId('conversation-continue')).toBeNull();
    expect(screen.getByTestId('conversation-message-count').textContent).toBe('2 messages');
  });

  it('should let the owner continue in the chat and say when there are no messages', async () => {
    serve([]);
    render(<ConversationMessages conversation={conversation} owner="Me" own />);
    expect(await screen.findByTestId('conversation-empty')).toBeTruthy();
    expect(screen.getByTestId('conversation-continue').getAttribute('href')).toBe(
      '/char/info?id=5',
    );
  });
});
