import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

// The SIGKILL test runs the built service (dist/main.js) as a child process, so the tests build the
// package first; `tsc -b` is incremental, a no-op when nothing changed.
export default function setup(): void {
  const root = join(__dirname, '..');
  execFileSync(join(root, 'node_modules', '.bin', 'tsc'), ['-b'], { cwd: root, stdio: 'inherit' });
}
