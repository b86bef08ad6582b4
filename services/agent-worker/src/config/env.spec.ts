import { describe, expect, it } from 'vitest';

import { loadAgentWorkerEnv } from './env';

const STRONG = 'c4a1f7e2b9d05836aa71e4c2f9b0d3e6a58c';

describe(loadAgentWorkerEnv.name, () => {
  it('should refuse to start in production without a strong engine password or token', () => {
    expect(() => loadAgentWorkerEnv({ NODE_ENV: 'production' })).toThrow(
      /ENGINE_PASSWORD \(or ENGINE_TOKEN\): a strong secret .* is required in production/,
    );
    expect(() =>
      loadAgentWorkerEnv({ NODE_ENV: 'production', ENGINE_PASSWORD: 'admin123' }),
    ).toThrow(/ENGINE_PASSWORD: a strong secret/);
  });

  it('should name every bad variable', () => {
    expect(() =>
      loadAgentWorkerEnv({ AGENT_WORKER_MAX_TASKS: '0', AGENT_WORKER_LOCK_MS: 'soon' }),
    ).toThrow(/AGENT_WORKER_MAX_TASKS[\s\S]*AGENT_WORKER_LOCK_MS/);
    expect(() => loadAgentWorkerEnv({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(
      /Invalid environment:[\s\S]*LLM_MODEL/,
    );
  });

  it('should take the embedded engine by default and ENGINE_URL when set', () => {
    const sut = loadAgentWorkerEnv({ NODE_ENV: 'production', ENGINE_TOKEN: STRONG });
    expect(sut).toMatchObject({
      engineUrl: 'http://127.0.0.1:8085/engine-rest',
      AGENT_WORKER_MAX_TASKS: 16,
      AGENT_WORKER_RETRIES: 3,
      llm: { provider: 'planner' },
    });
    expect(sut.workerId).toMatch(/^agent-.+-\d+-[a-z0-9]+$/);
    const remote = loadAgentWorkerEnv({
      ENGINE_URL: 'http://engine:8085/engine-rest',
      ENGINE_PORT: '9999',
      AGENT_WORKER_ID: 'w1',
    });
    expect(remote).toMatchObject({ engineUrl: 'http://engine:8085/engine-rest', workerId: 'w1' });
  });
});
