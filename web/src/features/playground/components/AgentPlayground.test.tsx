import type { PlaygroundAgentRunView } from '@platform/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, useApiServer } from '../../../../test-utils/api-server';
import { render } from '../../../../test-utils/render';
import { AgentPlayground } from './AgentPlayground';

const server = useApiServer();

const run = (overrides: Partial<PlaygroundAgentRunView>): PlaygroundAgentRunView => ({
  agentId: 4,
  agentName: '编号智能体',
  agentNameEn: 'Numbering agent',
  status: 'success',
  inputs: { text: '>VH\nEVQL' },
  output: { result: 'Numbered 1 chain', files: [] },
  steps: [
    {
      kind: 'tool',
      name: 'antibody.number',
      summary: { zh: '已编号 1 条链', en: 'Numbered 1 chain (IMGT)' },
    },
  ],
  error: '',
  question: '',
  mode: 'tools',
  startedAt: '2026-11-25T10:00:00.000Z',
  endedAt: '2026-11-25T10:00:00.250Z',
  durationMs: 250,
  ...overrides,
});

async function chooseAgent() {
  // The agents load first; the select then opens on a click (its options are in a portal).
  await waitFor(() => expect(server().seen.some((r) => r.url.includes('/agents'))).toBe(true));
  fireEvent.click(screen.getByTestId('playground-agent'));
  fireEvent.click(await screen.findByRole('option', { name: 'Numbering agent', hidden: true }));
}

describe(AgentPlayground.name, () => {
  it('should run the chosen agent on the inputs and show each step and the output', async () => {
    const user = userEvent.setup();
    server().on('/wujie/playground/agents', (_req, res) =>
      json(res, {
        code: 200,
        msg: 'ok',
        data: [{ id: 4, name: '编号智能体', nameEn: 'Numbering agent' }],
      }),
    );
    server().on('/wujie/playground/agent/run', (_req, res) =>
      json(res, { code: 200, msg: 'ok', data: run({}) }),
    );
    render(<AgentPlayground />);

    // Nothing is sent without an agent and some input.
    await user.click(screen.getByTestId('playground-run-agent'));
    expect(screen.getByTestId('playground-empty')).toBeTruthy();
    expect(server().seen.some((r) => r.method === 'POST')).toBe(false);

    await chooseAgent();
    await user.type(screen.getByTestId('playground-text'), '  >VH{Enter}EVQL  ');
    await user.click(screen.getByTestId('playground-run-agent'));

    const result = await screen.findByTestId('agent-run-result');
    expect(result.getAttribute('data-status')).toBe('success');
    expect(screen.getAllByTestId('agent-run-step')).toHaveLength(1);
    expect(screen.getByText('Numbered 1 chain (IMGT)')).toBeTruthy();
    expect(screen.getByTestId('agent-run-output')).toBeTruthy();
    const posted = server().seen.find((r) => r.method === 'POST')!;
    expect(JSON.parse(posted.body)).toEqual({ agentId: 4, inputs: { text: '>VH\nEVQL' } });
  });

  it('should show what the agent asks for when an input is missing', async () => {
    const user = userEvent.setup();
    server().on('/wujie/playground/agents', (_req, res) =>
      json(res, {
        code: 200,
        msg: 'ok',
        data: [{ id: 4, name: '编号智能体', nameEn: 'Numbering agent' }],
      }),
    );
    server().on('/wujie/playground/agent/run', (_req, res) =>
      json(res, {
        code: 200,
        msg: 'ok',
        data: run({
          status: 'needs_input',
          output: null,
          steps: [],
          error: 'No antibody heavy- or light-chain variable domain was found in the inputs',
          question: "Please give the antibody's heavy- and/or light-chain sequences.",
        }),
      }),
    );
    render(<AgentPlayground />);
    await chooseAgent();
    await user.type(screen.getByTestId('playground-patch'), 'hello');
    await user.click(screen.getByTestId('playground-run-agent'));
    await waitFor(() =>
      expect(screen.getByTestId('agent-run-question').textContent).toContain(
        "Please give the antibody's heavy- and/or light-chain sequences.",
      ),
    );
    expect(screen.queryByTestId('agent-run-output')).toBeNull();
  });
});
