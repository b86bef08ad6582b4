import { normalize } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where the platform keeps the files it stores (avatars, rich-text images, chat attachments, mission
 * files, payment proofs, signed documents, invoices): one interface, a local folder by default or an
 * S3-compatible bucket (STORAGE_BACKEND), so several gateways can serve the same files.
 *
 * Keys are relative, `/`-separated paths (`avatar/2026/11/29/<uuid>.png`); `keyOf` makes one from a
 * stored name and refuses anything that would leave the store.
 */
export interface FileStore {
  /** Which backend this is (for logs and tests). */
  readonly backend: 'local' | 's3';
  /** Stores bytes under a new key (a key is never overwritten: names are random). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file as a stream with its size, or null when there is none. */
  open(key: string): Promise<{ size: number; stream: Readable } | null>;
  /** The whole file, or null (for the few readers that need the bytes, e.g. the assistant's attachments). */
  read(key: string): Promise<Buffer | null>;
  /** Whether a file is there, and its size. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes a file; a missing one is no error. */
  remove(key: string): Promise<void>;
  /** Bytes of every file under a prefix (a user's folders, for the upload quota). */
  usage(prefix: string): Promise<number>;
  /**
   * A URL that lets whoever holds it download the file for `seconds`, when the backend can sign one
   * (S3); null for the local folder, whose files only the gateway serves.
   */
  signedUrl(key: string, seconds: number, downloadName?: string): Promise<string | null>;
}

/** The store of public and users' own files, and the one of billing's private files. */
export const FILE_STORE = Symbol('FILE_STORE');
export const PRIVATE_FILE_STORE = Symbol('PRIVATE_FILE_STORE');

const SAFE_KEY = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/**
 * The key of a stored name (`/profile/avatar/…`, `profile/avatar/…` or `avatar/…`), or null when it
 * is not a plain relative path inside the store (dot segments, backslashes, anything unusual).
 */
export function keyOf(name: string): string | null {
  const relative = name.replace(/^\/?profile\//, '').replace(/^\/+/, '');
  if (!relative || relative.includes('\\') || relative.includes('\0')) return null;
  const normalized = normalize(relative);
  if (normalized !== relative || normalized.startsWith('..')) return null;
  if (!SAFE_KEY.test(relative) || relative.split('/').some((part) => /^\.+$/.test(part))) {
    return null;
  }
  return relative;
}
