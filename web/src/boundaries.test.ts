import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The workspace's own lint configuration, as `pnpm run lint` runs it (issue 28): the boundaries rule
// must reject a feature reaching into another feature's files and accept the same import through the
// feature's index.ts.
/** The workspace root (where eslint.config.mjs is), found from the directory the tests run in. */
function workspaceRoot(): string {
  let dir = process.cwd();
  while (!existsSync(join(dir, 'pnpm-workspace.yaml'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('no pnpm-workspace.yaml above the test run');
    dir = parent;
  }
  return dir;
}

const root = workspaceRoot();
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, 'web/src', file) });
  return result!.messages
    .filter((message) => message.ruleId === 'boundaries/dependencies')
    .map((message) => message.message);
}

// The first lint loads the whole configuration (typescript-eslint, the resolver): slow on a loaded machine.
describe('web layer boundaries', { timeout: 60_000 }, () => {
  it("should reject a feature importing another feature's internals, relative at any depth", async () => {
    expect(
      await boundaryErrors(
        "export { missionApi } from '../mission/mission.api';\n",
        'features/chat/fixture.ts',
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "export { MissionCard } from '../../mission/components/MissionCard';\n",
        'features/chat/components/fixture.tsx',
      ),
    ).toHaveLength(1);
  });

  it("should reject a lazy import of another feature's file", async () => {
    const code = "export const load = () => import('../../billing/components/PersonalBilling');\n";
    expect(await boundaryErrors(code, 'features/admin/pages/fixture.ts')).toHaveLength(1);
  });

  it("should accept another feature's index.ts and the feature's own files", async () => {
    const code = [
      "export { MissionCard } from '../mission';",
      "export { ChatPage } from './ChatPage';",
      "export { notify } from '../../lib/notify';",
      "export { CrudPage } from '../../components/CrudPage';",
      '',
    ].join('\n');
    expect(await boundaryErrors(code, 'features/chat/fixture.ts')).toEqual([]);
  });

  it('should reject the shared layer importing a feature, even its index.ts', async () => {
    expect(
      await boundaryErrors(
        "export { MissionCard } from '../features/mission';\n",
        'lib/fixture.ts',
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "export { signOut } from '../features/auth';\n",
        'components/fixture.tsx',
      ),
    ).toHaveLength(1);
  });
});
