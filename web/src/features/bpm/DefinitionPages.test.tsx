import { PERMISSIONS, type ProcessDefinitionView } from '@platform/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { json, useApiServer } from '../../../test-utils/api-server';
import { render } from '../../../test-utils/render';
import { sessionStore } from '../../lib/auth';
import { DefinitionsPage } from './DefinitionPages';

const api = useApiServer();

const definition = (over: Partial<ProcessDefinitionView>): ProcessDefinitionView => ({
  id: 'leave:1:abc',
  key: 'leave',
  name: 'Leave',
  category: 'oa',
  description: '',
  version: 1,
  deploymentTime: '2026-11-28T08:31:00.000Z',
  formId: null,
  suspended: false,
  modelId: 7,
  ...over,
});

const signedIn = (permissions: string[]) =>
  sessionStore.set({ user: null, roles: [], permissions, routes: [] });

afterEach(() => signedIn([]));

describe(DefinitionsPage.name, () => {
  it('should suspend an active definition after asking, then show it suspended', async () => {
    signedIn([PERMISSIONS.bpm.model.list, PERMISSIONS.bpm.model.edit]);
    let suspended = false;
    api().on('/bpm/process-definition/page', (_req, res) =>
      json(res, { code: 200, msg: 'ok', rows: [definition({ suspended })], total: 1 }),
    );
    api().on('/bpm/model/update-state', (req, res) => {
      suspended = JSON.parse(req.body).state === 2;
      json(res, { code: 200, msg: 'ok', data: {} });
    });
    render(<DefinitionsPage />);
    const table = await screen.findByTestId('bpm-definitions');
    expect(await within(table).findByText('Active')).toBeTruthy();

    await userEvent.click(await within(table).findByTestId('suspend-definition'));
    // The dialog shows a render after the click, later still on a loaded machine (failed so once).
    expect((await screen.findByTestId('confirm-message')).textContent).toMatch(
      /Suspend Leave\? Nobody can start it until it is activated/,
    );
    // Nothing is sent before the answer.
    expect(api().seen.some((r) => r.url.includes('update-state'))).toBe(false);
    await userEvent.click(screen.getByTestId('confirm-ok'));

    expect(await within(table).findByText('Suspended')).toBeTruthy();
    const sent = api().seen.find((r) => r.url.includes('/bpm/model/update-state'))!;
    expect(sent.method).toBe('PUT');
    expect(JSON.parse(sent.body)).toEqual({ id: 7, state: 2 });
    expect(within(table).getByTestId('activate-definition')).toBeTruthy();
  });

  it('should offer no state change to a reader without the model edit permission', async () => {
    signedIn([PERMISSIONS.bpm.model.list]);
    api().on('/bpm/process-definition/page', (_req, res) =>
      json(res, { code: 200, msg: 'ok', rows: [definition({ suspended: true })], total: 1 }),
    );
    render(<DefinitionsPage />);
    const table = await screen.findByTestId('bpm-definitions');
    expect(await within(table).findByText('Suspended')).toBeTruthy();
    expect(within(table).getByTestId('show-diagram')).toBeTruthy();
    expect(within(table).queryByTestId('activate-definition')).toBeNull();
    expect(within(table).queryByTestId('suspend-definition')).toBeNull();
  });
});
