import type { LocalizedText } from '@platform/antibody';

// Kept apart from the toolkit itself so the page can handle job errors without bundling the toolkit.

/** A toolkit error as it crosses the worker boundary (class instances do not survive cloning). */
export interface JobError {
  code: string;
  /** The toolkit's own zh/en text; absent for an unexpected failure, which the page words itself. */
  message?: LocalizedText;
  details?: Record<string, unknown>;
}

/** Anything that is not a toolkit error: logged for developers, a generic message for the user. */
export function unexpectedError(error: unknown): JobError {
  console.error(error);
  return { code: 'UNEXPECTED' };
}

/** Thrown by the job runners: the toolkit's error with its zh/en message. */
export class ToolkitJobError extends Error {
  constructor(readonly error: JobError) {
    super(error.message?.en ?? error.code);
    this.name = 'ToolkitJobError';
  }
}

export function jobErrorOf(error: unknown): JobError {
  return error instanceof ToolkitJobError ? error.error : unexpectedError(error);
}
