import type { LlmConfig } from './config';
import { OpenAiCompatibleProvider } from './openai-provider';
import { PlannerProvider } from './planner/planner-provider';
import type { LlmProvider } from './types';

/** The provider the configuration chooses: the built-in planner, or the OpenAI-compatible endpoint. */
export function createLlmProvider(config: LlmConfig): LlmProvider {
  return config.provider === 'openai'
    ? new OpenAiCompatibleProvider(config)
    : new PlannerProvider();
}
