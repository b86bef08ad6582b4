import type { ConversationView } from '@platform/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { json, useApiServer } from '../../../test-utils/api-server';
import { render } from '../../../test-utils/render';
import { sessionStore } from '../../lib/auth';
import { ConversationsPage } from './ConversationsPage';

window.HTMLElement.prototype.scrollTo ??= () => undefined;

const server = useApiServer();
const signedOut = sessionStore.get();
afterEach(() => sessionStore.set(() => signedOut));

const row = (overrides: Partial<ConversationView>): ConversationView => ({
  id: 1,
  theme: 'Humanize rituximab',
  ownerUserId: 3,
  createTime: '2026-11-25T10:00:00.000Z',
  updateTime: '2026-11-25T10:01:00.000Z',
  messageCount: 4,
  ...overrides,
});

const signInAs = (userId: number, admin: boolean, permissions = ['wujie:chat:history']) =>
  sessionStore.set((s) => ({
    ...s,
    user: { userId, userName: admin ? 'admin' : 'bob', admin } as NonNullable<typeof s.user>,
    permissions: admin ? ['*:*:*'] : permissions,
  }));

const listCalls = () =>
  server()
    .seen.filter((r) => r.url.startsWith('/prod-api/wujie/chat/list'))
    .map((r) => new URL(r.url, 'http://x').searchParams);

describe(ConversationsPage.name, () => {
  it("should list every user's conversations for an administrator with owner and message count, searched on the server", async () => {
    signInAs(1, true);
    server().on('/wujie/chat/list', (_req, res) =>
      json(res, {
        code: 200,
        msg: 'ok',
        rows: [row({ id: 9, ownerUserId: 3 }), row({ id: 8, ownerUserId: 1, theme: 'Mine' })],
        total: 42,
      }),
    );
    server().on('/system/user/list-all-simple', (_req, res) =>
      json(res, {
        code: 200,
        msg: 'ok',
        data: [
          { userId: 1, userName: 'admin', nickName: 'admin' },
          { userId: 3, userName: '13800000003', nickName: 'Alice' },
        ],
      }),
    );
    server().on('/wujie/chat/9/messages', (_req, res) =>
      json(res, { code: 200, msg: 'ok', data: [] }),
    );
    render(<ConversationsPage />);

    const table = () => within(screen.getByRole('table'));
    await waitFor(() => expect(table().getByText('Alice (13800000003)')).toBeTruthy());
    expect(table().getByText('Me')).toBeTruthy();
    expect(table().getAllByText('4')).toHaveLength(2);
    const first = listCalls()[0]!;
    expect(first.get('all')).toBe('true');
    expect(first.get('pageNum')).toBe('1');

    fireEvent.change(screen.getByTestId('field-theme'), { target: { value: 'ritux' } });
    fireEvent.click(screen.getByTestId('search'));
    await waitFor(() => expect(listCalls().some((q) => q.get('theme') === 'ritux')).toBe(true));

    fireEvent.click(screen.getByText('Humanize rituximab'));
    expect(await screen.findByTestId('conversation-empty')).toBeTruthy();
    // Another user's conversation: read only, nothing to continue.
    expect(screen.queryByTestId('conversation-continue')).toBeNull();
  });

  it("should list a user's own conversations without the owner column or all=true", async () => {
    signInAs(3, false);
    server().on('/wujie/chat/list', (_req, res) =>
      json(res, { code: 200, msg: 'ok', rows: [row({ ownerUserId: 3 })], total: 1 }),
    );
    render(<ConversationsPage />);
    await waitFor(() => expect(screen.getByText('Humanize rituximab')).toBeTruthy());
    expect(listCalls()[0]!.get('all')).toBeNull();
    expect(screen.queryByText('Owner')).toBeNull();
    expect(server().seen.some((r) => r.url.includes('list-all-simple'))).toBe(false);
  });

  it("should list everyone's conversations with their owners for a user given wujie:chat:everyone", async () => {
    signInAs(5, false, ['wujie:chat:history', 'wujie:chat:everyone']);
    server().on('/wujie/chat/list', (_req, res) =>
      json(res, { code: 200, msg: 'ok', rows: [row({ ownerUserId: 3 })], total: 1 }),
    );
    render(<ConversationsPage />);
    await waitFor(() => expect(screen.getByText('Humanize rituximab')).toBeTruthy());
    expect(listCalls()[0]!.get('all')).toBe('true');
    expect(within(screen.getByRole('table')).getByText('Owner')).toBeTruthy();
    // Without the user list's permission the owner shows as an id, and no user list is asked for.
    expect(server().seen.some((r) => r.url.includes('list-all-simple'))).toBe(false);
  });
});
