import { describe, expect, it } from 'vitest';

import {
  clearStore,
  listStore,
  readRecord,
  readStore,
  removeStore,
  STORAGE_PREFIX,
  writeStore,
} from './storage';

describe('client storage', () => {
  it('should give back each content with its own type', () => {
    writeStore({ name: 's', content: 'zh' });
    writeStore({ name: 'n', content: 1 });
    writeStore({ name: 'b', content: false });
    writeStore({ name: 'o', content: { theme: '#409EFF' } });
    expect(readStore('s')).toBe('zh');
    expect(readStore('n')).toBe(1);
    expect(readStore('b')).toBe(false);
    expect(readStore('o')).toEqual({ theme: '#409EFF' });
  });

  it('should write a prefixed record with dataType and datetime to local storage', () => {
    const before = Date.now();
    writeStore({ name: 'saas.lang', content: 'en' });
    const raw = JSON.parse(window.localStorage.getItem(`${STORAGE_PREFIX}saas.lang`)!);
    expect(raw).toMatchObject({ dataType: 'string', content: 'en' });
    expect(raw.datetime).toBeGreaterThanOrEqual(before);
    expect(readRecord('saas.lang')?.dataType).toBe('string');
    expect(window.sessionStorage.getItem(`${STORAGE_PREFIX}saas.lang`)).toBeNull();
  });

  it('should keep records with type set in session storage and read them first', () => {
    writeStore({ name: 'k', content: 'local' });
    writeStore({ name: 'k', content: 'session', type: true });
    expect(window.sessionStorage.getItem(`${STORAGE_PREFIX}k`)).toContain('session');
    expect(readStore('k')).toBe('session');
    removeStore('k', true);
    expect(readStore('k')).toBe('local');
  });

  it('should return unparseable text raw and absent keys as undefined', () => {
    window.localStorage.setItem(`${STORAGE_PREFIX}raw`, 'not json {');
    expect(readStore('raw')).toBe('not json {');
    expect(readStore('missing')).toBeUndefined();
  });

  it('should list and clear only the product keys of one area', () => {
    writeStore({ name: 'a', content: 1 });
    writeStore({ name: 'b', content: 'x' });
    writeStore({ name: 'c', content: true, type: true });
    window.localStorage.setItem('other-app', 'keep');
    expect(listStore().sort((x, y) => x.name.localeCompare(y.name))).toEqual([
      { name: 'a', content: 1 },
      { name: 'b', content: 'x' },
    ]);
    clearStore();
    expect(listStore()).toEqual([]);
    expect(window.localStorage.getItem('other-app')).toBe('keep');
    expect(listStore(true)).toEqual([{ name: 'c', content: true }]);
  });
});
