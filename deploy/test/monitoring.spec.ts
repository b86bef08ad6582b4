import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import { parseEnvFile } from '../checks/compose';

const root = resolve(import.meta.dirname, '..', '..');
const monitoring = join(root, 'deploy/monitoring');

/** Every TypeScript source of the services and nest-common, where the platform's metrics are named. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory())
      return entry === 'node_modules' || entry === 'dist' ? [] : sources(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [readFileSync(path, 'utf8')] : [];
  });
}

describe('deploy/monitoring', () => {
  it('should scrape the port every process serves its metrics on', () => {
    const config = parse(readFileSync(join(monitoring, 'prometheus.yml'), 'utf8'));
    const common = parseEnvFile(readFileSync(join(root, 'deploy/env/common.env.example'), 'utf8'));
    const discovery = config.scrape_configs[0].dns_sd_configs[0];
    expect(discovery.port).toBe(Number(common.METRICS_PORT));
    expect(discovery.names).toEqual(
      expect.arrayContaining([
        'gateway',
        'identity',
        'workflow',
        'billing',
        'notification',
        'agent-worker',
      ]),
    );
  });

  it("should chart only figures the platform's code defines", () => {
    const dashboard = JSON.parse(
      readFileSync(join(monitoring, 'grafana/dashboards/platform.json'), 'utf8'),
    ) as { panels: { targets: { expr: string }[] }[] };
    const exprs = dashboard.panels.flatMap((panel) => panel.targets.map((t) => t.expr));
    const named = new Set(
      exprs
        .flatMap((expr) => expr.match(/platform_[a-z_]+/g) ?? [])
        .map((n) => n.replace(/_(bucket|count|sum)$/, '')),
    );
    const code = [
      ...sources(join(root, 'packages/nest-common/src')),
      ...['gateway', 'workflow'].flatMap((s) => sources(join(root, 'services', s, 'src'))),
    ].join('\n');
    expect([...named].filter((name) => !code.includes(`'${name}'`))).toEqual([]);
    expect(named.size).toBeGreaterThan(6);
  });
});
