import { Logger, type Provider } from '@nestjs/common';
import { createLlmProvider, describeLlmConfig, type LlmProvider } from '@platform/llm';

import { WORKFLOW_ENV, type WorkflowEnv } from '../config/env';

export const LLM_PROVIDER = Symbol('LLM_PROVIDER');

/** The configured language model: the built-in planner, or the OpenAI-compatible endpoint. */
export const llmProvider: Provider<LlmProvider> = {
  provide: LLM_PROVIDER,
  inject: [WORKFLOW_ENV],
  useFactory: (env: WorkflowEnv) => {
    // The one line describing it: endpoint without credentials, model, whether a key is set.
    new Logger('Assistant').log(describeLlmConfig(env.llm));
    return createLlmProvider(env.llm);
  },
};
