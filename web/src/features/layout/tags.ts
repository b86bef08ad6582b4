import { createStore, useStore } from '../../lib/store';

// The tab bar of visited pages (spec §2): pinned (affix) tabs stay; the context menu closes the current,
// the others, those to the left or right, or all closable tabs. Pure functions over the list, one store.

export interface Tag {
  /** Path of the page (the tab's identity). */
  path: string;
  /** Path with its search string, to go back to the same view. */
  href: string;
  affix: boolean;
}

export function addTag(tags: Tag[], tag: Tag): Tag[] {
  const index = tags.findIndex((t) => t.path === tag.path);
  if (index < 0) return [...tags, tag];
  const copy = [...tags];
  copy[index] = { ...copy[index]!, href: tag.href, affix: copy[index]!.affix || tag.affix };
  return copy;
}

export function closeTag(tags: Tag[], path: string): Tag[] {
  return tags.filter((t) => t.path !== path || t.affix);
}

export function closeOthers(tags: Tag[], path: string): Tag[] {
  return tags.filter((t) => t.path === path || t.affix);
}

export function closeLeft(tags: Tag[], path: string): Tag[] {
  const index = tags.findIndex((t) => t.path === path);
  return tags.filter((t, i) => i >= index || t.affix);
}

export function closeRight(tags: Tag[], path: string): Tag[] {
  const index = tags.findIndex((t) => t.path === path);
  return index < 0 ? tags : tags.filter((t, i) => i <= index || t.affix);
}

export function closeAll(tags: Tag[]): Tag[] {
  return tags.filter((t) => t.affix);
}

export function togglePin(tags: Tag[], path: string): Tag[] {
  return tags.map((t) => (t.path === path ? { ...t, affix: !t.affix } : t));
}

/** Where to go after `closed` is gone: the neighbour on its right, else its left, else the last tab. */
export function nextAfterClose(before: Tag[], after: Tag[], closed: string): Tag | undefined {
  const index = before.findIndex((t) => t.path === closed);
  const remaining = (i: number) => after.find((t) => t.path === before[i]?.path);
  return remaining(index + 1) ?? remaining(index - 1) ?? after[after.length - 1];
}

export const tagsStore = createStore<Tag[]>([]);

export function useTags(): Tag[] {
  return useStore(tagsStore, (tags) => tags);
}
