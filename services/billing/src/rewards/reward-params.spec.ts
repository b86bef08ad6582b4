import { describe, expect, it } from 'vitest';

import { REWARD_PARAMS, rewardAmount } from './reward-params';

describe(rewardAmount.name, () => {
  it('should read a whole number of points and fall back to the default otherwise', () => {
    expect(rewardAmount('80', 50)).toBe(80);
    expect(rewardAmount(' 0 ', 50)).toBe(0);
    expect(rewardAmount('', 50)).toBe(50);
    expect(rewardAmount(null, 50)).toBe(50);
    expect(rewardAmount('-5', 50)).toBe(50);
    expect(rewardAmount('2.5', 50)).toBe(50);
    expect(rewardAmount('ten', 50)).toBe(50);
    expect(rewardAmount('9999999', 50)).toBe(50);
    expect(rewardAmount('1000000', 50)).toBe(1_000_000);
  });

  it('should pay each reward under its own parameter and reason', () => {
    expect(new Set(REWARD_PARAMS.map((p) => p.key)).size).toBe(REWARD_PARAMS.length);
    expect(new Set(REWARD_PARAMS.map((p) => p.reason)).size).toBe(REWARD_PARAMS.length);
  });
});
