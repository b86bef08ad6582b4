import { describe, expect, it } from 'vitest';

import { runInSandbox, type SandboxLimits } from './sandbox';

const LIMITS: SandboxLimits = { timeoutMs: 500, memoryBytes: 16 * 1024 * 1024 };
const run = (code: string, entry = 'main', args: unknown[] = [], limits = LIMITS) =>
  runInSandbox({ code, entry, args }, limits);

describe('function sandbox', () => {
  it('should call the entry function with the arguments and return its JSON result', async () => {
    const outcome = await run(
      'function main(a, b) { console.log("adding", a, b); return { sum: a + b, list: [a, b] }; }',
      'main',
      [2, 3],
    );
    expect(outcome).toMatchObject({
      status: 'success',
      result: { sum: 5, list: [2, 3] },
      logs: ['adding 2 3'],
    });
  });

  it('should await an async function', async () => {
    const outcome = await run('async function main(x) { await null; return x * 2; }', 'main', [21]);
    expect(outcome).toMatchObject({ status: 'success', result: 42 });
  });

  it('should report a thrown error and a missing entry', async () => {
    expect(await run('function main() { throw new TypeError("bad input"); }')).toMatchObject({
      status: 'error',
      error: 'TypeError: bad input',
    });
    expect(await run('function other() {}')).toMatchObject({
      status: 'error',
      error: expect.stringContaining('main is not a function'),
    });
    expect(await run('function main( {')).toMatchObject({
      status: 'error',
      error: expect.stringContaining('SyntaxError'),
    });
  });

  it('should stop an endless loop at the time limit', async () => {
    const outcome = await run('function main() { for (;;) {} }');
    expect(outcome.status).toBe('timeout');
  });

  it('should stop an endless chain of promises at the time limit', async () => {
    const outcome = await run('async function main() { for (;;) { await null; } }');
    expect(outcome).toMatchObject({ status: 'timeout', error: 'interrupted' });
  });

  it('should stop code that takes too much memory', async () => {
    const outcome = await run(
      'function main() { const a = []; for (let i = 0; ; i++) a[i] = i; }',
      'main',
      [],
      { timeoutMs: 5000, memoryBytes: 8 * 1024 * 1024 },
    );
    expect(outcome.status).toBe('memory');
  });

  it('should end a native operation that runs past the deadline', async () => {
    const outcome = await run(
      'function main() { const a = []; for (;;) a.push(new Array(100000).join("x") + a.length); }',
      'main',
      [],
      { timeoutMs: 300, memoryBytes: 256 * 1024 * 1024 },
    );
    expect(outcome.status).toBe('timeout');
  });

  it('should stop endless recursion', async () => {
    const outcome = await run('function main() { return main() + 1; }');
    expect(outcome.status).toBe('error');
    expect(outcome.error).toMatch(/stack overflow/i);
  });

  it('should offer no Node globals, no file system, process or network', async () => {
    const probe = `function main() {
      return ['require', 'process', 'fetch', 'XMLHttpRequest', 'std', 'os', 'Buffer', 'setTimeout']
        .filter((name) => typeof globalThis[name] !== 'undefined');
    }`;
    expect(await run(probe)).toMatchObject({ status: 'success', result: [] });
    expect(await run('function main() { return import("fs"); }')).toMatchObject({
      status: 'error',
    });
  });

  it('should keep working after runs that failed', async () => {
    await run('function main() { for (;;) {} }');
    await run('function main() { const a = []; for (let i = 0; ; i++) a[i] = i; }');
    await run('function main() { return main() + 1; }');
    expect(await run('function main() { return "ok"; }')).toMatchObject({ result: 'ok' });
  });

  it('should not share state between runs', async () => {
    await run('globalThis.leak = 1; function main() { return 1; }');
    expect(await run('function main() { return typeof leak; }')).toMatchObject({
      result: 'undefined',
    });
  });

  it('should cap what the code prints', async () => {
    const outcome = await run('function main() { for (let i = 0; i < 1000; i++) console.log(i); }');
    expect(outcome.logs).toHaveLength(200);
  });
});
