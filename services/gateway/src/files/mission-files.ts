import type { Readable } from 'node:stream';

import { type Actor, DomainError, type MissionView } from '@platform/contracts';
import JSZip from 'jszip';

import { mayRead, ownedFile } from './owned-files';
import { type FileStore, keyOf } from './storage/file-store';

/** One stored file of a mission's zip: its key in the store and its name inside the zip. */
export interface ZipEntry {
  key: string;
  name: string;
}

/**
 * The files of a mission that go into its zip of `path` (a folder of the store such as
 * `/profile/upload/5/2026/11/29`; none: the owner's upload folder, so all of them). Only names the
 * mission's inputs hold are taken, never a listing of the folder, and of those only the owner's own
 * uploads that the reader may load (a name put into a mission around the gateway's upload check
 * stays out). A path that is no plain folder of the store (`..`, a backslash, an absolute path
 * elsewhere) is refused; one under which the mission has no file answers 404.
 */
export function missionFilesUnder(
  mission: Pick<MissionView, 'ownerUserId' | 'inputs'>,
  path: string | undefined,
  reader: Actor,
): ZipEntry[] {
  const given = path?.trim().replace(/\/+$/, '') ?? '';
  let folder: string | null = `upload/${mission.ownerUserId}`;
  if (given) folder = /^\/?profile\//.test(given) ? keyOf(given) : null;
  if (!folder) {
    throw new DomainError('mission.files_bad_path', { path: given.slice(0, 120) });
  }
  const entries: ZipEntry[] = [];
  for (const name of new Set(mission.inputs.files ?? [])) {
    const owned = ownedFile(name);
    const key = keyOf(name);
    if (!owned || !key || owned.ownerId !== mission.ownerUserId || !mayRead(reader, name)) continue;
    if (!key.startsWith(`${folder}/`)) continue;
    entries.push({ key, name: key.slice(folder.length + 1) });
  }
  if (!entries.length) throw new DomainError('mission.files_none', {}, 404);
  return entries;
}

/**
 * Streams the entries as a zip (deflated, each file read from the store as it is written); a file
 * gone from the store is left out. Answers null when none of them is there any more.
 */
export async function zipStream(store: FileStore, entries: ZipEntry[]): Promise<Readable | null> {
  const zip = new JSZip();
  const inputs: Readable[] = [];
  for (const entry of entries) {
    const opened = await store.open(entry.key);
    if (!opened) continue;
    zip.file(entry.name, opened.stream, { binary: true });
    inputs.push(opened.stream);
  }
  if (!inputs.length) return null;
  const output = zip.generateNodeStream({
    type: 'nodebuffer',
    streamFiles: true,
    compression: 'DEFLATE',
  }) as Readable;
  // A download the browser gave up on leaves no file open.
  output.once('close', () => inputs.forEach((input) => input.destroy()));
  return output;
}
