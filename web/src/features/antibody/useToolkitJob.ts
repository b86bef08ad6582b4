import { useCallback, useRef, useState } from 'react';

import { runToolkitJob } from './toolkit.client';
import { type JobError, jobErrorOf } from './toolkit.errors';
import type { Job, JobResult } from './toolkit.jobs';

export interface JobState<J extends Job> {
  running: boolean;
  /** The last successful result; kept while a new run is going, so the screen does not flash. */
  result?: JobResult<J>;
  error?: JobError;
}

/** Runs toolkit jobs of one kind; only the latest run's outcome is kept. */
export function useToolkitJob<J extends Job>() {
  const [state, setState] = useState<JobState<J>>({ running: false });
  const latest = useRef(0);
  const run = useCallback(async (job: J) => {
    const ticket = ++latest.current;
    setState((previous) => ({ ...previous, running: true }));
    try {
      const result = await runToolkitJob(job);
      if (ticket === latest.current) setState({ running: false, result });
    } catch (error) {
      if (ticket === latest.current) setState({ running: false, error: jobErrorOf(error) });
    }
  }, []);
  return { ...state, run };
}
