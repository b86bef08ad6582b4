import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { json, useApiServer } from '../../../test-utils/api-server';
import { render } from '../../../test-utils/render';
import { activateLanguage } from '../../lib/i18n';
import { StartProcessPage } from './DefinitionPages';

const api = useApiServer();
const SLOW = { timeout: 15_000 };

afterEach(() => activateLanguage('en', false));

const definition = {
  id: 'trip:1:abc',
  key: 'trip',
  name: 'Business trip',
  category: 'oa',
  description: '',
  version: 1,
  deploymentTime: null,
  formId: 5,
  suspended: false,
  modelId: 3,
};

/** A form-js schema as the builder saves it: bilingual labels, a dictionary-fed select. */
const schema = {
  type: 'default',
  id: 'Form',
  components: [
    {
      type: 'textfield',
      id: 'Field_city',
      key: 'city',
      label: '城市',
      validate: { required: true },
      properties: { labelEn: 'City' },
    },
    {
      type: 'select',
      id: 'Field_kind',
      key: 'kind',
      label: '类型',
      properties: { labelEn: 'Kind', dictType: 'bpm_oa_leave_type' },
    },
  ],
};

function serve(form: object) {
  const ok = (data: unknown) => ({ code: 200, msg: 'ok', data });
  api().on('/bpm/process-definition/page', (_req, res) =>
    json(res, { code: 200, msg: 'ok', total: 1, rows: [definition] }),
  );
  // The start form comes with its definition (the form API is for editors only).
  api().on('/bpm/process-definition/get', (req, res) =>
    req.url.includes(`id=${encodeURIComponent(definition.id)}`)
      ? json(res, ok({ ...definition, form: { id: 5, name: 'Trip', conf: '', ...form } }))
      : json(res, { code: 404, msg: 'unknown definition' }),
  );
  api().on('/system/dict/data/type/bpm_oa_leave_type', (req, res) =>
    json(
      res,
      ok([
        {
          dictValue: 'annual',
          dictLabel: req.headers.lang === 'zh' ? '年假' : 'Annual leave',
          dictType: 'bpm_oa_leave_type',
        },
      ]),
    ),
  );
  api().on('/bpm/process-instance/create', (_req, res) => json(res, ok('instance-1')));
}

function page() {
  const history = createMemoryHistory({
    initialEntries: [`/bpm/process-instance/create?processDefinitionId=${definition.id}`],
  });
  const rootRoute = createRootRoute({ component: StartProcessPage });
  render(<RouterProvider router={createRouter({ routeTree: rootRoute, history })} />);
  return history;
}

const starts = () =>
  api().seen.filter((r) => r.url.startsWith('/prod-api/bpm/process-instance/create'));

describe('StartProcessPage with a form-js form', () => {
  it('should render the schema in English and refuse an empty required field', async () => {
    serve({ schema, fields: [] });
    page();
    expect(await screen.findByLabelText(/City/, {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Kind')).toBeTruthy();
    fireEvent.click(screen.getByTestId('start-process'));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(starts()).toHaveLength(0);

    // form-js debounces typing and flushes on leaving the field, as clicking Start does in a browser.
    fireEvent.input(screen.getByLabelText(/City/), { target: { value: 'Lyon' } });
    fireEvent.blur(screen.getByLabelText(/City/));
    fireEvent.click(screen.getByTestId('start-process'));
    await waitFor(() => expect(starts()).toHaveLength(1));
    expect(JSON.parse(starts()[0]!.body)).toEqual({
      processDefinitionId: definition.id,
      variables: { city: 'Lyon' },
    });
  });

  it('should say it in Chinese, with Chinese labels and dictionary options', async () => {
    await act(() => activateLanguage('zh', false));
    serve({ schema, fields: [] });
    page();
    expect(await screen.findByLabelText(/城市/, {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByTestId('start-process'));
    expect(await screen.findByText('此项为必填项')).toBeTruthy();
    expect(starts()).toHaveLength(0);
    const dictCall = api().seen.find((r) => r.url.includes('bpm_oa_leave_type'));
    expect(dictCall?.headers.lang).toBe('zh');
  });

  it('should render a form kept as an old field list', async () => {
    serve({
      schema: null,
      fields: [{ id: 'days', label: '天数', labelEn: 'Days', type: 'long', required: true }],
    });
    page();
    expect(await screen.findByLabelText(/Days/, {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByTestId('start-process'));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(starts()).toHaveLength(0);
  });
});
