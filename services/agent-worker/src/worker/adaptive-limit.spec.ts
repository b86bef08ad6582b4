import { describe, expect, it } from 'vitest';

import { AdaptiveLimit, eventLoopBusyMeter } from './adaptive-limit';

/** A limit whose clock and event-loop utilisation the test sets. */
function limitWith(options: { ceiling: number; initial: number }) {
  let utilisation = 0;
  let clock = 0;
  const sut = new AdaptiveLimit(() => utilisation, { ...options, now: () => clock });
  return {
    sut,
    /** One window passes with the loop this busy, then a poll with `active` tasks running. */
    window(busy: number, active: number) {
      utilisation = busy;
      clock += 1000;
      return sut.next(active);
    },
  };
}

describe('AdaptiveLimit', () => {
  it('should grow by one a window up to the ceiling while the loop idles and fetches come back full', () => {
    const { sut, window } = limitWith({ ceiling: 6, initial: 4 });
    const seen = [];
    for (let i = 0; i < 4; i++) {
      sut.fetched(2, 2);
      seen.push(window(0.2, 2));
    }
    expect(seen).toEqual([5, 6, 6, 6]);
  });

  it('should grow while every slot is taken, even with no fetch in between', () => {
    const { window } = limitWith({ ceiling: 16, initial: 4 });
    expect(window(0.3, 4)).toBe(5);
    expect(window(0.3, 5)).toBe(6);
  });

  it('should not grow while no work waits: a fetch that came back short and slots free', () => {
    const { sut, window } = limitWith({ ceiling: 16, initial: 4 });
    sut.fetched(3, 1);
    expect(window(0.1, 1)).toBe(4);
    sut.fetched(0, 0);
    expect(window(0.1, 1)).toBe(4);
  });

  it('should halve down to one task while the loop is busy, and neither grow nor shrink in the band between', () => {
    const { sut, window } = limitWith({ ceiling: 16, initial: 16 });
    expect([window(0.95, 16), window(0.9, 8), window(0.92, 4), window(1, 2), window(1, 1)]).toEqual(
      [8, 4, 2, 1, 1],
    );
    sut.fetched(1, 1);
    expect(window(0.7, 1)).toBe(1);
    sut.fetched(1, 1);
    expect(window(0.85, 1)).toBe(1);
  });

  it('should judge once a window: polls in between keep the limit', () => {
    let clock = 0;
    let judged = 0;
    const sut = new AdaptiveLimit(
      () => {
        judged++;
        return 0.1;
      },
      { ceiling: 8, initial: 4, now: () => clock },
    );
    judged = 0;
    clock = 100;
    expect(sut.next(4)).toBe(4);
    clock = 999;
    expect(sut.next(4)).toBe(4);
    expect(judged).toBe(0);
    clock = 1000;
    expect(sut.next(4)).toBe(5);
    expect(judged).toBe(1);
  });

  it('should start within 1 and the ceiling', () => {
    expect(limitWith({ ceiling: 2, initial: 4 }).sut.current).toBe(2);
    expect(limitWith({ ceiling: 8, initial: 0 }).sut.current).toBe(1);
  });
});

describe('eventLoopBusyMeter', () => {
  it('should read a loop kept busy as busy, and one left waiting as idle', async () => {
    const meter = eventLoopBusyMeter();
    const until = Date.now() + 120;
    while (Date.now() < until) {
      // the loop is held, as by a computation on the worker's thread
    }
    expect(meter()).toBeGreaterThan(0.8);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(meter()).toBeLessThan(0.5);
  });
});
