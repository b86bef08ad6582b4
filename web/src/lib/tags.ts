import { readStore, removeStore, STORAGE_KEYS, writeStore } from './storage';
import { createStore, useStore } from './store';

// The tab bar of visited pages (spec §2): pinned (affix) tabs stay; the context menu closes the current,
// the others, those to the left or right, or all closable tabs. Pure functions over the list, one store.
// The open tabs and the active one are kept in session storage, so a reload brings them back in order.

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

/** What session storage keeps of the tab bar. */
export interface SavedTags {
  tags: Tag[];
  /** Path of the tab that was showing. */
  active?: string;
}

/** A path of this app (not `//host`), so a stored tab can only lead within the app. */
const isAppPath = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');

function isTag(value: unknown): value is Tag {
  const tag = value as Partial<Tag> | null;
  return (
    typeof tag === 'object' &&
    tag !== null &&
    isAppPath(tag.path) &&
    isAppPath(tag.href) &&
    typeof tag.affix === 'boolean'
  );
}

/** The tabs saved in this browser tab's session storage; anything malformed is dropped. */
export function restoreTags(): SavedTags {
  const saved = readStore(STORAGE_KEYS.tagsView) as Partial<SavedTags> | undefined;
  if (!saved || typeof saved !== 'object' || !Array.isArray(saved.tags)) return { tags: [] };
  const tags = saved.tags.filter(isTag).map(({ path, href, affix }) => ({ path, href, affix }));
  const active = tags.some((tag) => tag.path === saved.active) ? saved.active : undefined;
  return { tags, active };
}

export function saveTags({ tags, active }: SavedTags): void {
  if (tags.length === 0) removeStore(STORAGE_KEYS.tagsView, true);
  else writeStore({ name: STORAGE_KEYS.tagsView, content: { tags, active }, type: true });
}

const restored = restoreTags();
let activePath = restored.active;

export const tagsStore = createStore<Tag[]>(restored.tags);
tagsStore.subscribe(() => {
  const tags = tagsStore.get();
  if (!tags.some((tag) => tag.path === activePath)) activePath = undefined;
  saveTags({ tags, active: activePath });
});

/** The tab now showing (saved with the list, so a reload knows it). */
export function setActiveTag(path: string): void {
  activePath = path;
  saveTags({ tags: tagsStore.get(), active: activePath });
}

export function useTags(): Tag[] {
  return useStore(tagsStore, (tags) => tags);
}
