import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

// A dependency nobody imports is still installed, audited and shipped in the image: each one the
// manifest lists must be used by the source (or be one of those loaded by another package).

const root = join(__dirname, '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Loaded by another package rather than imported: Nest's peers, TypeORM's and the transports' drivers. */
const LOADED_BY_OTHERS = new Set([
  '@nats-io/transport-node',
  '@nestjs/core',
  'mysql2',
  'reflect-metadata',
  'rxjs',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const source = sourceFiles(join(root, 'src'))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');
const imported = (name: string) =>
  new RegExp(`from '${name.replace(/[/.]/g, '\\$&')}(/[^']*)?'`).test(source);

describe('the manifest of identity', () => {
  it('should list only runtime dependencies the source imports', () => {
    const unused = Object.keys(manifest.dependencies).filter(
      (name) => !LOADED_BY_OTHERS.has(name) && !imported(name),
    );
    expect(unused).toEqual([]);
  });

  it('should list type packages only of packages it depends on', () => {
    const orphans = Object.keys(manifest.devDependencies)
      .filter((name) => name.startsWith('@types/') && name !== '@types/node')
      .filter((name) => !(name.slice('@types/'.length) in manifest.dependencies));
    expect(orphans).toEqual([]);
  });
});
