// Client storage of spec §3: every key carries the product prefix; a record remembers the type of its
// content so a read gives back a string, number, boolean or object; session storage when `type` is set.

export const STORAGE_PREFIX = 'wujie-';

/**
 * The keys the app stores (spec §3 "Local keys"), plus the session token, the duplicate-submit cache and
 * the open tabs.
 */
export const STORAGE_KEYS = {
  lang: 'saas.lang',
  sidebarStatus: 'sidebarStatus',
  layoutSetting: 'layout-setting',
  size: 'size',
  videoShown: 'videoShown',
  showSurvey: 'ShowSurvey',
  token: 'Admin-Token',
  lastRequest: 'sessionObj',
  /** Open tabs of the tags view and the active one (session storage: they last as long as the tab). */
  tagsView: 'tags-view',
} as const;

export type StoredValue = string | number | boolean | object;

/** The record written under each key. */
export interface StorageRecord {
  dataType: 'string' | 'number' | 'boolean' | 'object';
  content: StoredValue;
  /** Truthy: the record lives in session storage; else local storage. */
  type?: boolean;
  /** When it was written (ms since the epoch). */
  datetime: number;
}

export interface WriteOptions {
  name: string;
  content: StoredValue;
  /** Session storage when true. */
  type?: boolean;
}

function area(session: boolean | undefined): Storage {
  return session ? window.sessionStorage : window.localStorage;
}

function dataTypeOf(content: StoredValue): StorageRecord['dataType'] {
  const kind = typeof content;
  return kind === 'string' || kind === 'number' || kind === 'boolean' ? kind : 'object';
}

export function writeStore({ name, content, type }: WriteOptions): void {
  const record: StorageRecord = {
    dataType: dataTypeOf(content),
    content,
    type,
    datetime: Date.now(),
  };
  area(type).setItem(STORAGE_PREFIX + name, JSON.stringify(record));
}

function decode(raw: string): StoredValue {
  let record: StorageRecord;
  try {
    record = JSON.parse(raw) as StorageRecord;
  } catch {
    return raw;
  }
  if (record === null || typeof record !== 'object' || !('dataType' in record)) return raw;
  switch (record.dataType) {
    case 'string':
      return String(record.content);
    case 'number':
      return Number(record.content);
    case 'boolean':
      return record.content === true || record.content === 'true';
    default:
      return record.content;
  }
}

/** Reads a key: session storage first, then local storage. Unparseable text comes back raw. */
export function readStore(name: string): StoredValue | undefined {
  const key = STORAGE_PREFIX + name;
  const raw = window.sessionStorage.getItem(key) ?? window.localStorage.getItem(key);
  if (raw === null || raw === '') return undefined;
  return decode(raw);
}

/** Reads the whole record (dataType, datetime…), or undefined when absent or not a record. */
export function readRecord(name: string): StorageRecord | undefined {
  const key = STORAGE_PREFIX + name;
  const raw = window.sessionStorage.getItem(key) ?? window.localStorage.getItem(key);
  if (!raw) return undefined;
  try {
    const record = JSON.parse(raw) as StorageRecord;
    return record && typeof record === 'object' && 'dataType' in record ? record : undefined;
  } catch {
    return undefined;
  }
}

export function removeStore(name: string, type?: boolean): void {
  area(type).removeItem(STORAGE_PREFIX + name);
}

/** Lists the product's keys (prefix removed) with their contents, from one storage area. */
export function listStore(type?: boolean): { name: string; content: StoredValue }[] {
  const storage = area(type);
  const items: { name: string; content: StoredValue }[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (!key?.startsWith(STORAGE_PREFIX)) continue;
    items.push({
      name: key.slice(STORAGE_PREFIX.length),
      content: decode(storage.getItem(key) ?? ''),
    });
  }
  return items;
}

/** Removes the product's keys from one storage area; other applications' keys stay. */
export function clearStore(type?: boolean): void {
  for (const { name } of listStore(type)) removeStore(name, type);
}
