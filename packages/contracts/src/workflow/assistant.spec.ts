import { describe, expect, it } from 'vitest';

import { ASSISTANT_JOB_NAMES, ASSISTANT_JOBS, assistantJobTitle } from './assistant';

describe(assistantJobTitle.name, () => {
  it('should start an English job name with a capital, as a title does, and leave the Chinese one', () => {
    expect(assistantJobTitle('humanization', 'en')).toBe('Antibody humanization');
    expect(assistantJobTitle('liabilities', 'en')).toBe('Risk-site (liability) analysis');
    for (const job of ASSISTANT_JOBS) {
      expect(assistantJobTitle(job, 'zh')).toBe(ASSISTANT_JOB_NAMES[job].zh);
    }
  });
});
