import { createServer } from 'node:net';

import { describe, expect, it } from 'vitest';

import { eventually } from './polling';
import { freePorts } from './ports';

describe('freePorts', () => {
  it('should give distinct ports that can be listened on', async () => {
    const ports = await freePorts(5);
    expect(new Set(ports).size).toBe(5);
    for (const port of ports) {
      const server = createServer();
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('eventually', () => {
  it('should read until the condition holds', async () => {
    let reads = 0;
    expect(
      await eventually(
        async () => ++reads,
        (n) => n === 3,
      ),
    ).toBe(3);
  });

  it('should give the last value read when time is up', async () => {
    let reads = 0;
    const started = Date.now();
    const last = await eventually(
      async () => ++reads,
      () => false,
      300,
    );
    expect(last).toBe(reads);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });
});
