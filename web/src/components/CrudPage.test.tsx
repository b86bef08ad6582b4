import { PERMISSIONS } from '@platform/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { json, useApiServer } from '../../test-utils/api-server';
import { render } from '../../test-utils/render';
import { sessionStore } from '../lib/auth';
import { CrudPage, type Field } from './CrudPage';

const api = useApiServer();

// The first page comes over a real HTTP server while the table renders for the first time: on a
// loaded machine that is more than Testing Library's 1 s default.
const SLOW = { timeout: 10_000 };
const rows = Array.from({ length: 20 }, (_, i) => ({ postId: i + 1, postName: `post ${i + 1}` }));

function page(
  permissions: string[],
  form: Field[] = [{ name: 'postName', label: 'Name', required: true }],
) {
  sessionStore.set({ user: null, roles: [], permissions, routes: [] });
  return render(
    <CrudPage
      config={{
        testId: 'posts',
        filters: [{ name: 'postName', label: 'Name' }],
        listUrl: '/system/post/list',
        baseUrl: '/system/post',
        idKey: 'postId',
        columns: [{ key: 'postName', title: 'Name' }],
        form,
        permissions: { add: PERMISSIONS.system.post.add, remove: PERMISSIONS.system.post.remove },
      }}
    />,
  );
}

describe(CrudPage.name, () => {
  beforeEach(() => {
    api().on('/system/post/list', (_req, res) =>
      json(res, { code: 200, msg: 'ok', rows, total: 95 }),
    );
  });

  it('should ask the server for the first page of 20 and page through the total', async () => {
    page([PERMISSIONS.system.post.add]);
    await screen.findByText('post 20', {}, SLOW);
    expect(api().seen[0]!.url).toContain('pageNum=1&pageSize=20');
    await userEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    await waitFor(() => expect(api().seen.at(-1)!.url).toContain('pageNum=5&pageSize=20'));
  });

  it('should remember the rows per page the user picks, and start each page at the top', async () => {
    api().on('/system/user/profile/updatepagesize/50', (_req, res) =>
      json(res, { code: 200, msg: 'ok' }),
    );
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    page([]);
    sessionStore.set((s) => ({ ...s, user: { userId: 2, userName: 'u', pagesize: 20 } as never }));
    await screen.findByText('post 20', {}, SLOW);
    await userEvent.click(screen.getByTestId('page-size'));
    await userEvent.click(await screen.findByText('50 / page'));
    await waitFor(() => expect(api().seen.at(-1)!.url).toContain('pageSize=50'));
    await waitFor(() =>
      expect(api().seen.some((r) => r.url.includes('/profile/updatepagesize/50'))).toBe(true),
    );
    expect(sessionStore.get().user?.pagesize).toBe(50);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(scrolled).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    scrolled.mockRestore();
  });

  it('should ask the server again on every search and reset, also with the same filters', async () => {
    page([]);
    await screen.findByText('post 20', {}, SLOW);
    const lists = () =>
      api().seen.filter((r) => r.url.startsWith('/prod-api/system/post/list')).length;
    expect(lists()).toBe(1);
    await userEvent.click(screen.getByTestId('search'));
    await waitFor(() => expect(lists()).toBe(2));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'lead');
    await userEvent.click(screen.getByTestId('search'));
    await waitFor(() => expect(api().seen.at(-1)!.url).toContain('postName=lead'));
    await userEvent.click(screen.getByTestId('search'));
    await waitFor(() => expect(lists()).toBe(4));
    expect(api().seen.at(-1)!.url).toContain('postName=lead');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(lists()).toBe(5));
    expect(api().seen.at(-1)!.url).not.toContain('postName');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(lists()).toBe(6));
  });

  it('should show loading until the first page comes, then the empty state', async () => {
    api().on('/system/post/list', (_req, res) =>
      json(res, { code: 200, msg: 'ok', rows: [], total: 0 }),
    );
    page([]);
    expect(screen.getByTestId('list-loading')).toBeTruthy();
    await screen.findByTestId('list-empty');
    expect(screen.queryByTestId('list-loading')).toBeNull();
  });

  it('should show a failed list with a retry that reads it again', async () => {
    let fail = true;
    api().on('/system/post/list', (_req, res) =>
      fail
        ? json(res, { code: 500, msg: 'down' })
        : json(res, { code: 200, msg: 'ok', rows, total: 20 }),
    );
    page([]);
    const error = await screen.findByTestId('list-error');
    expect(screen.queryByTestId('list-empty')).toBeNull();
    fail = false;
    await userEvent.click(within(error).getByRole('button'));
    await screen.findByText('post 1');
    expect(screen.queryByTestId('list-error')).toBeNull();
  });

  it('should show the buttons of the permissions held, and only those', async () => {
    page([PERMISSIONS.system.post.add]);
    await screen.findByText('post 1');
    expect(screen.getByTestId('add')).toBeTruthy();
    expect(screen.queryAllByTestId('delete')).toHaveLength(0);
  });

  it("should open a form's empty select and say whether its choices are still loading", async () => {
    page(
      [PERMISSIONS.system.post.add],
      [
        { name: 'roleIds', label: 'Roles', type: 'multiselect', options: [], optionsLoading: true },
        { name: 'deptId', label: 'Department', type: 'select', options: [] },
      ],
    );
    await userEvent.click(await screen.findByTestId('add'));
    const dialog = await screen.findByRole('dialog');
    const roles = within(dialog).getByLabelText('Roles');
    await userEvent.click(roles);
    await screen.findByText('Loading…');
    expect(roles.getAttribute('aria-controls')).toBeTruthy();
    // Escape closes the list, not the dialog: the list was open.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(roles.getAttribute('aria-controls')).toBeNull());
    expect(screen.getByRole('dialog')).toBeTruthy();
    await userEvent.click(within(dialog).getByTestId('field-deptId'));
    await screen.findByText('No options');
  });
});
