import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

// Type-checks generated files where they would live in the workspace: they are written into a
// directory of the workspace mirroring their paths, and TypeScript's rootDirs lets their relative
// imports (../common/decorators, ../../components/CrudPage) reach the real files beside which they
// would be added. @platform/contracts resolves to the package's sources plus the generated contracts.

const run = promisify(execFile);
export const WORKSPACE = resolve(__dirname, '../../../..');
const TSC = join(WORKSPACE, 'node_modules/typescript/bin/tsc');

export interface TypecheckResult {
  ok: boolean;
  output: string;
}

export async function typecheckGenerated(files: Record<string, string>): Promise<TypecheckResult> {
  const dir = join(WORKSPACE, `.gen-typecheck-${process.pid}`);
  const webConfig = join(WORKSPACE, 'web', `tsconfig.gen-typecheck-${process.pid}.json`);
  try {
    for (const [path, code] of Object.entries(files)) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), code);
    }
    const generated = (suffix: string, under: string) =>
      Object.keys(files)
        .filter((p) => p.startsWith(under) && p.endsWith(suffix))
        .map((p) => join(dir, p));
    const contracts = generated('.ts', 'packages/contracts/src/generated/');
    const dtos = generated('.dto.ts', 'packages/contracts/src/dto/generated/');
    await writeFile(
      join(dir, 'contracts-index.ts'),
      [`export * from '../packages/contracts/src/index';`, ...contracts.map(reexport(dir))].join(
        '\n',
      ),
    );
    await writeFile(
      join(dir, 'contracts-dto.ts'),
      [`export * from '../packages/contracts/src/dto';`, ...dtos.map(reexport(dir))].join('\n'),
    );
    const server = [
      ...generated('.ts', 'services/'),
      ...contracts,
      ...dtos,
      join(dir, 'contracts-index.ts'),
      join(dir, 'contracts-dto.ts'),
    ];
    await writeFile(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: join(WORKSPACE, 'tsconfig.base.json'),
        compilerOptions: {
          noEmit: true,
          incremental: false,
          declaration: false,
          rootDirs: [dir, WORKSPACE],
          paths: {
            '@platform/contracts': [join(dir, 'contracts-index.ts')],
            '@platform/contracts/dto': [join(dir, 'contracts-dto.ts')],
            '*': [
              join(WORKSPACE, 'services/identity/node_modules/*'),
              join(WORKSPACE, 'services/gateway/node_modules/*'),
            ],
          },
        },
        files: server,
      }),
    );
    await writeFile(
      webConfig,
      JSON.stringify({
        extends: './tsconfig.json',
        compilerOptions: {
          rootDirs: [dir, WORKSPACE],
          paths: {
            '@platform/contracts': [join(dir, 'contracts-index.ts')],
            '@platform/antibody': ['../packages/antibody/src/index.ts'],
            '@platform/bpmn': ['../packages/bpmn/src/index.ts'],
            '*': ['./node_modules/@types/*', './node_modules/*'],
          },
        },
        include: [],
        files: [...generated('.tsx', 'web/src/'), '../packages/bpmn/src/bpmn-moddle.d.ts'],
      }),
    );
    const outputs: string[] = [];
    let ok = true;
    for (const project of [join(dir, 'tsconfig.json'), webConfig]) {
      try {
        await run(process.execPath, [TSC, '-p', project, '--pretty', 'false'], {
          cwd: WORKSPACE,
          maxBuffer: 16 * 1024 * 1024,
        });
      } catch (error) {
        ok = false;
        const e = error as { stdout?: string; stderr?: string; message: string };
        outputs.push(
          `${project}:\n${e.stdout ?? ''}${e.stderr ?? ''}${e.stdout || e.stderr ? '' : e.message}`,
        );
      }
    }
    return { ok, output: outputs.join('\n') };
  } finally {
    await rm(dir, { recursive: true, force: true });
    await rm(webConfig, { force: true });
  }
}

function reexport(dir: string) {
  return (file: string) =>
    `export * from './${file
      .slice(dir.length + 1)
      .replace(/\.ts$/, '')
      .replace(/\\/g, '/')}';`;
}
