// Node-only loader of the packed template library (the browser bundle never imports this file).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

import { type FvTemplate, unpackLibrary } from './templates';

/** The library shipped with the package: templates/fv-templates.bin.gz. */
export const DEFAULT_LIBRARY_PATH = join(__dirname, '..', '..', 'templates', 'fv-templates.bin.gz');

let cached: FvTemplate[] | undefined;

export function loadTemplateLibrary(path: string = DEFAULT_LIBRARY_PATH): FvTemplate[] {
  if (path === DEFAULT_LIBRARY_PATH && cached) return cached;
  const library = unpackLibrary(new Uint8Array(gunzipSync(readFileSync(path))));
  if (path === DEFAULT_LIBRARY_PATH) cached = library;
  return library;
}
