import { describe, expect, it, vi } from 'vitest';

describe('deviceId', () => {
  it('should make one id per browser and keep it', async () => {
    // A fresh module: files share modules in the suite's workers, and another file's requests may
    // have made (and cached) an id already.
    vi.resetModules();
    window.localStorage.removeItem('wujie-device-id');
    const { deviceId } = await import('./device-id');
    const first = deviceId();
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(deviceId()).toBe(first);
    expect(window.localStorage.getItem('wujie-device-id')).toBe(first);
  });
});
