import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

import type { FileStore } from './file-store';

/** Files in a folder of this machine (UPLOAD_DIR): the default, for one gateway or a shared volume. */
export class LocalFileStore implements FileStore {
  readonly backend = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The file's path, which never leaves the root (keys are checked by keyOf; this is the last guard). */
  pathOf(key: string): string {
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`key outside the store: ${key}`);
    return path;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, data, { flag: 'wx' });
  }

  async open(key: string) {
    const found = await this.stat(key);
    return found && { size: found.size, stream: createReadStream(this.pathOf(key)) };
  }

  async read(key: string): Promise<Buffer | null> {
    return readFile(this.pathOf(key)).catch(() => null);
  }

  async stat(key: string): Promise<{ size: number } | null> {
    const info = await stat(this.pathOf(key)).catch(() => null);
    return info?.isFile() ? { size: info.size } : null;
  }

  async remove(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch(() => undefined);
  }

  async usage(prefix: string): Promise<number> {
    return folderBytes(this.pathOf(prefix));
  }

  async signedUrl(): Promise<null> {
    return null;
  }
}

async function folderBytes(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await folderBytes(path);
    else if (entry.isFile()) total += (await stat(path).catch(() => null))?.size ?? 0;
  }
  return total;
}
