import { describe, expect, it, vi } from 'vitest';

import { STORAGE_PREFIX } from './storage';
import {
  addTag,
  closeAll,
  closeLeft,
  closeOthers,
  closeRight,
  closeTag,
  nextAfterClose,
  restoreTags,
  saveTags,
  type Tag,
  togglePin,
} from './tags';

const tag = (path: string, affix = false): Tag => ({ path, href: path, affix });
const list = [tag('/index', true), tag('/a'), tag('/b'), tag('/c'), tag('/d')];
const names = (tags: Tag[]) => tags.map((t) => t.path);

describe('tags view', () => {
  it('should add a page once and keep its latest search string', () => {
    const once = addTag(list, { path: '/a', href: '/a?x=1', affix: false });
    expect(names(once)).toEqual(names(list));
    expect(once[1]!.href).toBe('/a?x=1');
    expect(names(addTag(list, tag('/e')))).toEqual([...names(list), '/e']);
  });

  it('should close current, others, left, right and all but never a pinned tab', () => {
    expect(names(closeTag(list, '/b'))).toEqual(['/index', '/a', '/c', '/d']);
    expect(names(closeTag(list, '/index'))).toEqual(names(list));
    expect(names(closeOthers(list, '/c'))).toEqual(['/index', '/c']);
    expect(names(closeLeft(list, '/c'))).toEqual(['/index', '/c', '/d']);
    expect(names(closeRight(list, '/b'))).toEqual(['/index', '/a', '/b']);
    expect(names(closeAll(list))).toEqual(['/index']);
  });

  it('should pin and unpin a tab', () => {
    const pinned = togglePin(list, '/c');
    expect(names(closeAll(pinned))).toEqual(['/index', '/c']);
    expect(names(closeAll(togglePin(pinned, '/c')))).toEqual(['/index']);
  });

  it('should go to the right neighbour after closing, else the left one', () => {
    expect(nextAfterClose(list, closeTag(list, '/b'), '/b')?.path).toBe('/c');
    expect(nextAfterClose(list, closeTag(list, '/d'), '/d')?.path).toBe('/c');
  });
});

describe('tags view across a reload', () => {
  const KEY = `${STORAGE_PREFIX}tags-view`;

  /** The module as a reload finds it: a fresh store made from session storage. */
  async function reloaded() {
    vi.resetModules();
    return import('./tags');
  }

  it('should restore the open tabs in order with the active one after a reload', async () => {
    const before = await reloaded();
    before.tagsStore.set((tags) => [...tags, tag('/index', true), tag('/system/user')]);
    before.tagsStore.set((tags) =>
      before.addTag(tags, { ...tag('/system/role'), href: '/system/role?page=2' }),
    );
    before.setActiveTag('/system/user');
    expect(window.sessionStorage.getItem(KEY)).not.toBeNull();
    expect(window.localStorage.getItem(KEY)).toBeNull();

    const after = await reloaded();
    expect(after.tagsStore.get()).toEqual([
      tag('/index', true),
      tag('/system/user'),
      { path: '/system/role', href: '/system/role?page=2', affix: false },
    ]);
    expect(after.restoreTags().active).toBe('/system/user');
  });

  it('should forget the tabs when they are all closed (sign-out)', async () => {
    const before = await reloaded();
    before.tagsStore.set([tag('/a'), tag('/b')]);
    before.tagsStore.set([]);
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
    expect((await reloaded()).tagsStore.get()).toEqual([]);
  });

  it('should drop saved tabs that are malformed or lead outside the app', () => {
    saveTags({ tags: [tag('/a'), tag('/b')], active: '/gone' });
    expect(restoreTags()).toEqual({ tags: [tag('/a'), tag('/b')], active: undefined });
    window.sessionStorage.setItem(
      KEY,
      JSON.stringify({
        dataType: 'object',
        type: true,
        datetime: 0,
        content: {
          tags: [tag('/a'), { path: '//evil.example', href: '//evil.example', affix: false }, 7],
          active: '/a',
        },
      }),
    );
    expect(restoreTags()).toEqual({ tags: [tag('/a')], active: '/a' });
    window.sessionStorage.setItem(KEY, 'not json');
    expect(restoreTags()).toEqual({ tags: [] });
  });
});
