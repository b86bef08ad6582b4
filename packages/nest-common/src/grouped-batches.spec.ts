import { describe, expect, it } from 'vitest';

import { groupedBatches } from './grouped-batches';

// Calls grouped as a database group-commits: a lone call goes at once, alone; the calls that arrive
// while a batch runs go together in the next.

/** A read whose batches are recorded and answered when `release` is called. */
function heldReads() {
  const batches: string[][] = [];
  const releases: (() => void)[] = [];
  const loader = groupedBatches<string, string>(async (keys) => {
    batches.push([...keys]);
    await new Promise<void>((resolve) => releases.push(resolve));
    return keys.map((key) => (key === 'bad' ? new Error('no such key') : `value of ${key}`));
  });
  const release = async () => {
    await until(() => releases.length > 0);
    releases.shift()?.();
  };
  return { loader, batches, release };
}

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i += 1) await new Promise((r) => setImmediate(r));
  expect(done()).toBe(true);
}

describe('grouped batches', () => {
  it('should read a lone key at once, alone', async () => {
    const { loader, batches, release } = heldReads();
    const one = loader.load('a');
    await release();
    expect(await one).toBe('value of a');
    expect(batches).toEqual([['a']]);
  });

  it('should read the keys that arrive during a read together, in the next read', async () => {
    const { loader, batches, release } = heldReads();
    const first = loader.load('a');
    await until(() => batches.length === 1);
    const during = [loader.load('b'), loader.load('c')];
    await new Promise((r) => setTimeout(r, 20));
    // Still one read: b and c wait for it.
    expect(batches).toEqual([['a']]);
    const later = loader.load('d');
    await release();
    expect(await first).toBe('value of a');
    await release();
    expect(await Promise.all([...during, later])).toEqual([
      'value of b',
      'value of c',
      'value of d',
    ]);
    expect(batches).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it("should answer a key asked twice to each caller, and a key's error to its caller only", async () => {
    const { loader, batches, release } = heldReads();
    const asked = [loader.load('a'), loader.load('a'), loader.load('bad')];
    await release();
    const [x, y, bad] = await Promise.allSettled(asked);
    expect(x).toEqual({ status: 'fulfilled', value: 'value of a' });
    expect(y).toEqual({ status: 'fulfilled', value: 'value of a' });
    expect(bad).toMatchObject({ status: 'rejected', reason: { message: 'no such key' } });
    expect(batches).toEqual([['a', 'a', 'bad']]);
  });

  it('should go on reading after a read failed', async () => {
    let fail = true;
    const loader = groupedBatches<string, string>(async (keys) => {
      if (fail) throw new Error('connection lost');
      return keys.map((key) => key.toUpperCase());
    });
    await expect(loader.load('a')).rejects.toThrow('connection lost');
    fail = false;
    expect(await loader.load('b')).toBe('B');
  });
});
