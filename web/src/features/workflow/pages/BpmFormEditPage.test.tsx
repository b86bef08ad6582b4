import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { json, useApiServer } from '../../../../test-utils/api-server';
import { render } from '../../../../test-utils/render';
import { BpmFormEditPage } from './BpmFormEditPage';

const api = useApiServer();
const SLOW = { timeout: 15_000 };

const ok = (data: unknown) => ({ code: 200, msg: 'ok', data });

function page(url: string) {
  const history = createMemoryHistory({ initialEntries: [url] });
  const rootRoute = createRootRoute({ component: BpmFormEditPage });
  render(<RouterProvider router={createRouter({ routeTree: rootRoute, history })} />);
  return history;
}

const saves = () => api().seen.filter((r) => r.url === '/prod-api/bpm/form');

async function builderReady() {
  await waitFor(
    () => expect(screen.getByTestId('formjs-editor').dataset.state).toBe('ready'),
    SLOW,
  );
}

describe('BpmFormEditPage (the form-js builder)', () => {
  it('should open a form kept as an old field list and save it as a schema', async () => {
    api().on('/bpm/form/5', (_req, res) =>
      json(
        res,
        ok({
          id: 5,
          name: 'Leave',
          status: '0',
          conf: '',
          remark: '',
          schema: null,
          fields: [{ id: 'days', label: '天数', labelEn: 'Days', type: 'long', required: true }],
          updateTime: null,
        }),
      ),
    );
    page('/bpm/manager/form/edit?id=5');
    await builderReady();
    // The converted field is on the builder's canvas.
    expect(screen.getByTestId('formjs-editor').textContent).toContain('天数');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(saves()).toHaveLength(1));
    const sent = saves()[0]!;
    expect(sent.method).toBe('PUT');
    const body = JSON.parse(sent.body);
    expect(body).toMatchObject({ id: 5, name: 'Leave' });
    expect(body).not.toHaveProperty('fields');
    expect(body.schema).toMatchObject({
      type: 'default',
      components: [
        {
          type: 'number',
          key: 'days',
          label: '天数',
          validate: { required: true },
          properties: { labelEn: 'Days' },
        },
      ],
    });
  });

  it('should create a form with the schema and refuse one without a name', async () => {
    page('/bpm/manager/form/edit');
    await builderReady();
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText(/cannot be empty/i)).toBeTruthy();
    expect(saves()).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Expense' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.method).toBe('POST');
    expect(JSON.parse(saves()[0]!.body)).toMatchObject({
      name: 'Expense',
      schema: { type: 'default', components: [] },
    });
  });
});
