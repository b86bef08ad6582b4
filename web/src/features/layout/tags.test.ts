import { describe, expect, it } from 'vitest';

import {
  addTag,
  closeAll,
  closeLeft,
  closeOthers,
  closeRight,
  closeTag,
  nextAfterClose,
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
