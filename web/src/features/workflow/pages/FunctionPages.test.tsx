import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, useApiServer } from '../../../../test-utils/api-server';
import { render } from '../../../../test-utils/render';
import type { FunctionFormValues } from '../validation';
import { TestRun } from './FunctionPages';

const api = useApiServer();

const values: FunctionFormValues = {
  name: 'scale',
  description: '',
  tags: ['math'],
  params: [
    { name: 'x', type: 'number', required: true, description: '' },
    { name: 'opts', type: 'object', required: false, description: '' },
  ],
  returnType: 'number',
  returnDescription: '',
  code: 'function scale(x, opts) { return x * opts.by; }',
};

describe(TestRun.name, () => {
  it('should send the code as edited with arguments parsed by type, and show the result and logs', async () => {
    api().on('/wujie/functions/run', (_req, res) =>
      json(res, {
        code: 200,
        msg: 'ok',
        data: {
          status: 'success',
          result: 6,
          returnTypeMatches: true,
          logs: ['x=3'],
          elapsedMs: 4,
        },
      }),
    );
    render(<TestRun values={values} />);
    await userEvent.type(screen.getByTestId('arg-x'), '3');
    await userEvent.type(screen.getByTestId('arg-opts'), '{{"by":2}');
    await userEvent.click(screen.getByTestId('run'));
    expect((await screen.findByTestId('run-result')).textContent).toBe('6');
    expect(screen.getByTestId('run-logs').textContent).toContain('x=3');
    const sent = JSON.parse(api().seen.at(-1)!.body) as Record<string, unknown>;
    expect(sent).toMatchObject({
      name: 'scale',
      code: values.code,
      args: { x: 3, opts: { by: 2 } },
    });
  });

  it('should not call the server while a sample argument does not parse', async () => {
    render(<TestRun values={values} />);
    await userEvent.type(screen.getByTestId('arg-x'), 'three');
    await userEvent.click(screen.getByTestId('run'));
    await screen.findByText('Enter a number');
    expect(api().seen.filter((r) => r.url.includes('/functions/run'))).toHaveLength(0);
  });

  it('should say plainly when the time limit stopped the code', async () => {
    api().on('/wujie/functions/run', (_req, res) =>
      json(res, {
        code: 200,
        msg: 'ok',
        data: { status: 'timeout', error: 'interrupted', logs: [], elapsedMs: 2003 },
      }),
    );
    render(<TestRun values={values} />);
    await userEvent.type(screen.getByTestId('arg-x'), '1');
    await userEvent.click(screen.getByTestId('run'));
    await waitFor(() =>
      expect(screen.getByTestId('run-outcome').getAttribute('data-status')).toBe('timeout'),
    );
    expect(screen.getByTestId('run-error').textContent).toBe('Stopped: time limit exceeded');
    expect(screen.queryByTestId('run-result')).toBeNull();
  });
});
