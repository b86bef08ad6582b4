import { describe, expect, it } from 'vitest';

import { deviceId } from './device-id';

describe(deviceId.name, () => {
  it('should make one id per browser and keep it', () => {
    const first = deviceId();
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(deviceId()).toBe(first);
    expect(window.localStorage.getItem('wujie-device-id')).toBe(first);
  });
});
