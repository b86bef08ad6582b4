// Public API of the language-model layer, used by the assistant (services/workflow) and by agents
// (services/agent-worker).
export { collectReply, complete } from './collect';
export type { LlmConfig, OpenAiCompatibleConfig, StreamUsageMode } from './config';
export {
  DEFAULT_LLM_MAX_RETRIES,
  DEFAULT_LLM_TIMEOUT_MS,
  describeLlmConfig,
  LLM_ENV_VARIABLES,
  llmConfigFromEnv,
} from './config';
export { createLlmProvider } from './create-provider';
export type { LlmErrorCode, LlmErrorOptions } from './errors';
export { isLlmError, LlmConfigError, LlmError, llmMessageKey } from './errors';
export type {
  MissingInput,
  MissionPlan,
  MissionPlanInputs,
  MissionPlanParse,
} from './mission-plan';
export {
  fastaOf,
  missingInput,
  parseMissionPlan,
  regionIn,
  START_MISSION_TOOL,
  START_MISSION_TOOL_NAME,
} from './mission-plan';
export { OpenAiCompatibleProvider } from './openai-provider';
export type { JobMatch } from './planner/intents';
export { detectJobs, detectLanguage } from './planner/intents';
export type { PlannerOutcome, PlanOptions } from './planner/plan';
export { planConversation } from './planner/plan';
export { PLANNER_MODEL, PlannerProvider, splitDeltas } from './planner/planner-provider';
export type { FoundSequence, ReadSequence, SequenceLabel } from './planner/sequences';
export { findSequences, readSequence, withoutSequences } from './planner/sequences';
export { redactSecret } from './redact';
export { assistantSystemPrompt } from './system-prompt';
export type {
  AssistantMessage,
  ChatAttachment,
  ChatEvent,
  ChatMessage,
  ChatReply,
  ChatRequest,
  FinishReason,
  LlmProvider,
  ProviderKind,
  SystemMessage,
  TokenUsage,
  ToolCall,
  ToolChoice,
  ToolDefinition,
  ToolMessage,
  UserMessage,
} from './types';
export { estimateTokens } from './usage';
