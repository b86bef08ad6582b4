import {
  type AgentNodeContextView,
  DomainError,
  PLAYGROUND_NODE_ID,
  renderMessage,
} from '@platform/contracts';
import type { PlaygroundAgentContextBody } from '@platform/contracts/dto';
import { describe, expect, it } from 'vitest';

import { AgentFailure } from '../agents/agent-failure';
import type { AgentRunner, NodeOutput } from '../agents/agent-runner';
import type { WorkflowClient } from '../workflow/workflow-client';
import { PlaygroundService } from './playground.service';

// How a playground run ends, with the workflow service and the runner stood in for by fakes (the
// real ones run in test/integration/playground.spec.ts).

function contextOf(body: PlaygroundAgentContextBody): AgentNodeContextView {
  return {
    missionId: 0,
    missionCode: '',
    runId: '',
    processInstanceId: null,
    processDefinitionId: '',
    status: 'in_progress',
    language: body.language,
    inputs: body.inputs,
    node: {
      id: PLAYGROUND_NODE_ID,
      kind: 'agent',
      bpmnType: 'bpmn:UserTask',
      name: '编号智能体',
      next: [],
      agent: {
        nameen: 'Numbering agent',
        type: 'Agent',
        instruction: '',
        output: '',
        validators: [],
      },
    },
    graph: { processId: PLAYGROUND_NODE_ID, processName: '', start: [], nodes: [], flows: [] },
    agent: {
      id: 4,
      name: '编号智能体',
      nameEn: 'Numbering agent',
      type: 'Agent',
      instruction: '',
      skills: [],
    },
    function: null,
    previous: [],
  };
}

function setup(run: (signal: AbortSignal) => Promise<NodeOutput>, limitMs = 1000) {
  const asked: PlaygroundAgentContextBody[] = [];
  const workflow = {
    playgroundContext: async (body: PlaygroundAgentContextBody) => {
      asked.push(body);
      return contextOf(body);
    },
  } as unknown as WorkflowClient;
  const runner = { run: (_c: unknown, _p: unknown, signal: AbortSignal) => run(signal) };
  const sut = new PlaygroundService(workflow, runner as unknown as AgentRunner, null, limitMs);
  return { sut, asked };
}

describe(PlaygroundService.name, () => {
  it('should answer the output and its steps, with the inputs trimmed and empty parts left out', async () => {
    const step = {
      kind: 'tool',
      name: 'antibody.number',
      summary: { zh: '已编号', en: 'Numbered' },
    };
    const { sut, asked } = setup(async () => ({ result: 'Numbered', files: [], steps: [step] }));
    const view = await sut.run(
      { agentId: 4, inputs: { text: ' >VH\nEVQL ', patch: ' ', files: [] } },
      'en',
    );
    expect(asked).toEqual([{ agentId: 4, inputs: { text: '>VH\nEVQL' }, language: 'en' }]);
    expect(view).toMatchObject({
      agentId: 4,
      agentNameEn: 'Numbering agent',
      status: 'success',
      steps: [step],
      mode: 'tools',
      error: '',
      question: '',
    });
  });

  it('should answer the question of a tool that misses an input, and a failure in the language asked', async () => {
    const missing = setup(async () => {
      throw AgentFailure.missing('agent.no_antibody', 'agent.ask_antibody');
    });
    expect(await missing.sut.run({ agentId: 4, inputs: { text: 'hi' } }, 'zh')).toMatchObject({
      status: 'needs_input',
      output: null,
      error: renderMessage('agent.no_antibody', 'zh'),
      question: renderMessage('agent.ask_antibody', 'zh'),
    });
    const failed = setup(async () => {
      throw AgentFailure.of('agent.tool_failed', { tool: 'antibody.number', error: 'boom' }, false);
    });
    expect(await failed.sut.run({ agentId: 4, inputs: { text: 'hi' } }, 'en')).toMatchObject({
      status: 'failed',
      error: 'Tool antibody.number failed: boom',
      question: '',
    });
  });

  it('should stop a run at its time limit and say so', async () => {
    const { sut } = setup(
      (signal) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
      50,
    );
    expect(await sut.run({ agentId: 4, inputs: { text: 'hi' } }, 'en')).toMatchObject({
      status: 'failed',
      error: renderMessage('playground.run_timeout', 'en', { seconds: 0 }),
    });
  });

  it('should refuse empty inputs before asking anyone', async () => {
    const { sut, asked } = setup(async () => ({ result: '', files: [] }));
    await expect(sut.run({ agentId: 4, inputs: { text: '  ' } }, 'en')).rejects.toEqual(
      new DomainError('mission.inputs_required'),
    );
    expect(asked).toEqual([]);
  });
});
