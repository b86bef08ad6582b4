import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  DomainError,
  hasMissionInput,
  type Language,
  type MissionInputs,
  PLAYGROUND_RUN_MS,
  type PlaygroundAgentRunView,
  type PlaygroundStepView,
  renderMessage,
} from '@platform/contracts';
import type { MissionInputsBody, PlaygroundAgentRunBody } from '@platform/contracts/dto';
import type { LlmProvider } from '@platform/llm';

import { AgentFailure } from '../agents/agent-failure';
import { AGENT_MODEL, AgentRunner } from '../agents/agent-runner';
import { WorkflowClient } from '../workflow/workflow-client';

/** Injection token of a playground run's time limit (default PLAYGROUND_RUN_MS). */
export const PLAYGROUND_RUN_LIMIT = Symbol('PLAYGROUND_RUN_LIMIT');

/**
 * Runs one agent on the caller's inputs, outside any mission (the playground): the workflow service
 * gives the node context of a one-node run of the agent, and the runner a mission's node uses runs
 * it — the skills' tools in order, or the configured model choosing them. Nothing is stored and no
 * one is asked: an input the tools need that is missing comes back as the run's question.
 */
@Injectable()
export class PlaygroundService {
  constructor(
    private readonly workflow: WorkflowClient,
    private readonly runner: AgentRunner,
    @Optional() @Inject(AGENT_MODEL) private readonly model: LlmProvider | null = null,
    /** How long a run may take; tests shorten it. */
    @Optional() @Inject(PLAYGROUND_RUN_LIMIT) private readonly limitMs: number = PLAYGROUND_RUN_MS,
  ) {}

  async run(body: PlaygroundAgentRunBody, language: Language): Promise<PlaygroundAgentRunView> {
    const inputs = inputsOf(body.inputs);
    if (!hasMissionInput(inputs)) throw new DomainError('mission.inputs_required');
    const context = await this.workflow.playgroundContext({
      agentId: body.agentId,
      inputs,
      language,
    });
    const started = new Date();
    const signal = AbortSignal.timeout(this.limitMs);
    const view = (
      part: Pick<PlaygroundAgentRunView, 'status' | 'output' | 'error' | 'question'>,
    ): PlaygroundAgentRunView => {
      const ended = new Date();
      return {
        agentId: context.agent?.id ?? body.agentId,
        agentName: context.agent?.name ?? '',
        agentNameEn: context.agent?.nameEn ?? '',
        inputs,
        ...part,
        steps: stepsOf(part.output),
        mode: this.model ? 'model' : 'tools',
        startedAt: started.toISOString(),
        endedAt: ended.toISOString(),
        durationMs: ended.getTime() - started.getTime(),
      };
    };
    try {
      const output = await this.runner.run(context, [], signal);
      return view({ status: 'success', output, error: '', question: '' });
    } catch (error) {
      if (signal.aborted) {
        return view({
          status: 'failed',
          output: null,
          error: renderMessage('playground.run_timeout', language, {
            seconds: Math.round(this.limitMs / 1000),
          }),
          question: '',
        });
      }
      if (!(error instanceof AgentFailure)) throw error;
      return view({
        status: error.ask ? 'needs_input' : 'failed',
        output: null,
        error: error.text[language],
        question: error.ask?.[language] ?? '',
      });
    }
  }
}

/** The inputs as a mission stores them: text and patch trimmed, empty parts left out. */
function inputsOf(body: MissionInputsBody | undefined): MissionInputs {
  const text = body?.text?.trim();
  const patch = body?.patch?.trim();
  const files = (body?.files ?? []).map((f) => f.trim()).filter(Boolean);
  return {
    ...(text ? { text } : {}),
    ...(files.length ? { files } : {}),
    ...(patch ? { patch } : {}),
  };
}

function stepsOf(output: Record<string, unknown> | null): PlaygroundStepView[] {
  const steps = output?.steps;
  return Array.isArray(steps) ? (steps as PlaygroundStepView[]) : [];
}
