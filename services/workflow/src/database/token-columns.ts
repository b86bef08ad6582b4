import { Column } from 'typeorm';

/** What the language-model calls of an assistant's reply or of a node run cost (issue 13). */
export abstract class TokenColumns {
  @Column({ name: 'prompt_tokens', type: 'int', default: 0 })
  promptTokens!: number;

  @Column({ name: 'completion_tokens', type: 'int', default: 0 })
  completionTokens!: number;

  /** Whether the counts are estimates (the planner, or an endpoint that reported none). */
  @Column({ name: 'tokens_estimated', type: 'boolean', default: false })
  tokensEstimated!: boolean;
}
