import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

// The spec's runner is a plain Node process that loads the built package (dist/), so the tests build
// it first; `tsc -b` is incremental, a no-op when nothing changed.
export default function setup(): void {
  const root = join(__dirname, '..');
  execFileSync(join(root, 'node_modules', '.bin', 'tsc'), ['-b'], { cwd: root, stdio: 'inherit' });
}
