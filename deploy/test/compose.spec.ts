import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  type ComposeFile,
  interpolate,
  parseEnvFile,
  processEnvOf,
  readCompose,
} from '../checks/compose';
import { type ComposeContext, composeProblems } from '../checks/compose-rules';
import { envProblem, filledIn, SERVICE_ENV_LOADERS, strongSecret } from '../checks/service-env';

const root = resolve(import.meta.dirname, '..', '..');
const composeFile = join(root, 'docker-compose.yml');

// The variables compose takes from the shell that runs it (the `${NAME:?…}` ones), as an operator sets them.
const shell = {
  REDIS_PASSWORD: strongSecret(),
  NATS_PASSWORD: strongSecret(),
  ENGINE_PASSWORD: strongSecret(),
  ENGINE_PROXY_SECRET: strongSecret(),
  MINIO_ROOT_PASSWORD: strongSecret(),
  GRAFANA_ADMIN_PASSWORD: strongSecret(),
};

/** The operator's env file: the committed sample with its placeholders filled in. */
function sampleEnvFile(path: string): string {
  const sample = parseEnvFile(readFileSync(join(root, `${path}.example`), 'utf8'));
  return Object.entries(filledIn(sample))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
}

let secretsDir: string;

function billingAsRoot(compose: ComposeFile): void {
  const env = compose.services.billing!.environment as Record<string, string>;
  delete env.BILLING_DB_URL_FILE;
  env.BILLING_DB_URL = `mysql://root:${strongSecret()}@mariadb:3306/platform_billing`;
}

function contextOf(compose: ComposeFile): ComposeContext {
  return {
    compose,
    processEnv: (name) => processEnvOf(compose, compose.services[name]!, sampleEnvFile, secretsDir),
  };
}

beforeAll(() => {
  secretsDir = mkdtempSync(join(tmpdir(), 'platform-secrets-'));
  execFileSync('sh', [join(root, 'deploy/make-secrets.sh'), secretsDir]);
});

afterAll(() => rmSync(secretsDir, { recursive: true, force: true }));

describe('docker-compose.yml', () => {
  it('should follow every rule of the deployment', () => {
    expect(composeProblems(contextOf(readCompose(composeFile, shell)))).toEqual([]);
  });

  it('should give every service what its own loader requires in production', () => {
    const compose = readCompose(composeFile, shell);
    const context = contextOf(compose);
    const node = Object.keys(SERVICE_ENV_LOADERS);
    expect(node.filter((name) => !compose.services[name])).toEqual([]);
    const problems = node.map((name) => envProblem(name, context.processEnv(name)));
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it('should connect each service to its own database as its own user', () => {
    const compose = readCompose(composeFile, shell);
    const context = contextOf(compose);
    const databases = Object.keys(SERVICE_ENV_LOADERS).flatMap((name) =>
      Object.entries(context.processEnv(name))
        .filter(([key]) => key.endsWith('_DB_URL'))
        .map(([, url]) => new URL(url)),
    );
    const users = databases.map((url) => url.username);
    expect(new Set(users).size).toBe(users.length);
    expect(new Set(databases.map((url) => url.pathname)).size).toBe(databases.length);
  });

  it('should refuse to be read without the secrets compose must be given', () => {
    expect(() => readCompose(composeFile, { ...shell, REDIS_PASSWORD: '' })).toThrow(
      /REDIS_PASSWORD/,
    );
    expect(interpolate('${A:-x} ${B-y} $${C}', { A: '', B: '' })).toBe('x  ${C}');
  });

  // The rules must catch what the file was written to avoid: each mutation below is one finding of the
  // review that led to this file (issue 31), and each must be reported.
  it.each([
    ['a published gateway port', (c: ComposeFile) => (c.services.gateway!.ports = ['8080:8080'])],
    ['uploads off the volume', (c: ComposeFile) => (c.services.gateway!.volumes = [])],
    ['a service on MariaDB root', (c: ComposeFile) => billingAsRoot(c)],
    [
      'a drain as long as the grace period',
      (c: ComposeFile) => (c.services['agent-worker']!.stop_grace_period = '20s'),
    ],
    ['an untagged image', (c: ComposeFile) => (c.services.redis!.image = 'redis')],
    ['no limits', (c: ComposeFile) => delete c.services.nats!.deploy],
    [
      'a dependency without a health condition',
      (c: ComposeFile) => (c.services.gateway!.depends_on = ['identity']),
    ],
  ])('should report %s', (_finding, mutate) => {
    const compose = readCompose(composeFile, shell);
    mutate(compose);
    expect(composeProblems(contextOf(compose))).not.toEqual([]);
  });

  it('should report a service whose sample leaves a required secret out', () => {
    const compose = readCompose(composeFile, shell);
    const env = contextOf(compose).processEnv('identity');
    delete env.FIELD_ENCRYPTION_KEY;
    expect(envProblem('identity', env)).toMatch(/FIELD_ENCRYPTION_KEY/);
  });
});

// `docker compose config` (or v1's docker-compose) validates the file against compose's own schema;
// scripts/test.sh installs it from Debian. It needs the operator's files in place, so it runs on a copy.
const composeCommand = ['docker-compose', 'docker'].find(
  (bin) => spawnSync(bin, bin === 'docker' ? ['compose', 'version'] : ['version']).status === 0,
);

describe.runIf(composeCommand)('docker compose config', () => {
  it('should accept the file as the operator runs it', () => {
    const project = mkdtempSync(join(tmpdir(), 'platform-compose-'));
    try {
      copyFileSync(composeFile, join(project, 'docker-compose.yml'));
      mkdirSync(join(project, 'deploy/env'), { recursive: true });
      mkdirSync(join(project, 'deploy/engine'));
      for (const name of [
        'common',
        'identity',
        'workflow',
        'billing',
        'notification',
        'agent-worker',
        'gateway',
      ]) {
        const path = `deploy/env/${name}.env`;
        execFileSync('sh', ['-c', 'cat > "$0"', join(project, path)], {
          input: sampleEnvFile(path),
        });
      }
      cpSync(secretsDir, join(project, 'deploy/secrets'), { recursive: true });
      const args = composeCommand === 'docker' ? ['compose', 'config', '-q'] : ['config', '-q'];
      const result = spawnSync(composeCommand!, args, {
        cwd: project,
        env: { ...process.env, ...shell },
        encoding: 'utf8',
      });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
