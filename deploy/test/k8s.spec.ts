import { join, resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

import {
  type Manifest,
  manifestsOf,
  readKustomization,
  schemaProblem,
  unlistedFiles,
} from '../checks/k8s';
import {
  containerEnv,
  deploymentsOf,
  manifestProblems,
  overlayProblems,
} from '../checks/k8s-rules';
import { envProblem, filledIn, SERVICE_ENV_LOADERS } from '../checks/service-env';

const k8s = resolve(import.meta.dirname, '..', 'k8s');
const base = join(k8s, 'base');
const overlays = ['production', 'small'].map((name) => join(k8s, 'overlays', name));

function baseManifests(): Manifest[] {
  return manifestsOf(base);
}

describe('deploy/k8s', () => {
  it('should validate every object against the Kubernetes API schemas', () => {
    const manifests = baseManifests();
    expect(manifests.length).toBeGreaterThan(20);
    expect(manifests.map(schemaProblem).filter(Boolean)).toEqual([]);
  });

  it('should list every manifest file in its kustomization', () => {
    expect(unlistedFiles(base)).toEqual([]);
  });

  it('should give every Deployment probes, requests and limits, a budget, and the autoscalers', () => {
    expect(manifestProblems(baseManifests())).toEqual([]);
  });

  it('should give every service what its own loader requires in production', () => {
    const manifests = baseManifests();
    const problems = deploymentsOf(manifests)
      .filter((d) => d.metadata.name in SERVICE_ENV_LOADERS)
      .flatMap((d) => {
        const { env, problems } = containerEnv(d.spec.template.spec.containers[0]!, manifests);
        return [...problems, envProblem(d.metadata.name, filledIn(env))].filter(Boolean);
      });
    expect(problems).toEqual([]);
    const covered = deploymentsOf(manifests).map((d) => d.metadata.name);
    expect(Object.keys(SERVICE_ENV_LOADERS).filter((name) => !covered.includes(name))).toEqual([]);
  });

  it('should refuse to start on the placeholders as they stand', () => {
    const manifests = baseManifests();
    const identity = deploymentsOf(manifests).find((d) => d.metadata.name === 'identity')!;
    const { env } = containerEnv(identity.spec.template.spec.containers[0]!, manifests);
    expect(envProblem('identity', env)).toMatch(/32 characters|weak|password/i);
  });

  it.each(overlays)('should keep the overlay %s to what the base has', (overlay) => {
    expect(overlayProblems(readKustomization(overlay), baseManifests())).toEqual([]);
    expect(manifestsOf(overlay).length).toBe(baseManifests().length);
  });

  // Each mutation is a mistake the rules exist for; each must be reported.
  it.each([
    [
      'a Deployment without probes',
      (m: Manifest[]) => delete container(m, 'billing').readinessProbe,
    ],
    ['a Deployment without limits', (m: Manifest[]) => delete container(m, 'workflow').resources],
    [
      'an untagged image',
      (m: Manifest[]) => (container(m, 'identity').image = 'platform/identity'),
    ],
    ['one engine replica', (m: Manifest[]) => (deployment(m, 'engine').spec.replicas = 1)],
    [
      'a missing autoscaler',
      (m: Manifest[]) =>
        m.splice(
          m.findIndex((x) => x.kind === 'HorizontalPodAutoscaler'),
          1,
        ),
    ],
    [
      'an exposed gateway',
      (m: Manifest[]) => ((service(m, 'gateway').spec as { type: string }).type = 'LoadBalancer'),
    ],
    [
      'a drain longer than the grace period',
      (m: Manifest[]) =>
        (deployment(m, 'agent-worker').spec.template.spec.terminationGracePeriodSeconds = 20),
    ],
  ])('should report %s', (_mistake, mutate) => {
    const manifests = baseManifests();
    mutate(manifests);
    expect(manifestProblems(manifests)).not.toEqual([]);
  });

  it('should report a missing secret key and a schema error', () => {
    const manifests = baseManifests();
    const secret = manifests.find(
      (m) => m.kind === 'Secret' && m.metadata.name === 'platform-databases',
    )!;
    delete (secret.stringData as Record<string, string>).BILLING_DB_URL;
    const { problems } = containerEnv(container(manifests, 'billing'), manifests);
    expect(problems).toEqual(['billing: platform-databases has no BILLING_DB_URL']);
    const broken = {
      ...deployment(manifests, 'nats'),
      spec: { replicas: 'two' },
    } as unknown as Manifest;
    expect(schemaProblem(broken)).toMatch(/Deployment nats/);
  });
});

function deployment(manifests: Manifest[], name: string) {
  return deploymentsOf(manifests).find((d) => d.metadata.name === name)!;
}

function container(manifests: Manifest[], name: string) {
  return deployment(manifests, name).spec.template.spec.containers[0]!;
}

function service(manifests: Manifest[], name: string): Manifest {
  return manifests.find((m) => m.kind === 'Service' && m.metadata.name === name)!;
}
