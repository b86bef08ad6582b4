import type { Kustomization, Manifest } from './k8s';
import { drainsCutShort } from './shutdown';

interface Probe {
  httpGet?: { path: string; port: string | number };
  tcpSocket?: { port: string | number };
}

interface Container {
  name: string;
  image: string;
  env?: {
    name: string;
    value?: string;
    valueFrom?: {
      configMapKeyRef?: { name: string; key: string };
      secretKeyRef?: { name: string; key: string };
    };
  }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  ports?: { name?: string; containerPort: number }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  resources?: {
    requests?: { cpu?: string; memory?: string };
    limits?: { cpu?: string; memory?: string };
  };
}

interface Deployment extends Manifest {
  spec: {
    replicas?: number;
    template: {
      metadata: { labels: Record<string, string> };
      spec: { containers: Container[]; terminationGracePeriodSeconds?: number };
    };
  };
}

/** The Deployments that must scale by themselves (issue 31): HTTP, sessions, the toolkit's work. */
export const AUTOSCALED = ['gateway', 'identity', 'agent-worker'];

export function deploymentsOf(manifests: Manifest[]): Deployment[] {
  return manifests.filter((m): m is Deployment => m.kind === 'Deployment');
}

function byKind(manifests: Manifest[], kind: string): Manifest[] {
  return manifests.filter((m) => m.kind === kind);
}

/**
 * A container's environment as the kubelet gives it: envFrom's ConfigMaps and Secrets, then env's
 * values and references. A reference to a missing object or key is a problem.
 */
export function containerEnv(
  container: Container,
  manifests: Manifest[],
): { env: Record<string, string>; problems: string[] } {
  const problems: string[] = [];
  const dataOf = (
    kind: 'ConfigMap' | 'Secret',
    name: string,
  ): Record<string, string> | undefined => {
    const object = manifests.find((m) => m.kind === kind && m.metadata.name === name);
    if (!object) problems.push(`${container.name}: ${kind} ${name} does not exist`);
    return (object?.data ?? object?.stringData) as Record<string, string> | undefined;
  };
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    const ref = source.configMapRef ?? source.secretRef;
    Object.assign(env, dataOf(source.configMapRef ? 'ConfigMap' : 'Secret', ref!.name) ?? {});
  }
  for (const variable of container.env ?? []) {
    const ref = variable.valueFrom?.configMapKeyRef ?? variable.valueFrom?.secretKeyRef;
    if (!ref) {
      env[variable.name] = variable.value ?? '';
      continue;
    }
    const data = dataOf(variable.valueFrom?.configMapKeyRef ? 'ConfigMap' : 'Secret', ref.name);
    if (data && !(ref.key in data))
      problems.push(`${container.name}: ${ref.name} has no ${ref.key}`);
    env[variable.name] = data?.[ref.key] ?? '';
  }
  return { env, problems };
}

function containerProblems(deployment: Deployment, container: Container): string[] {
  const where = `Deployment ${deployment.metadata.name}`;
  const problems: string[] = [];
  if (!container.readinessProbe) problems.push(`${where}: no readiness probe`);
  if (!container.livenessProbe) problems.push(`${where}: no liveness probe`);
  const { requests, limits } = container.resources ?? {};
  if (!requests?.cpu || !requests.memory) problems.push(`${where}: no CPU and memory requests`);
  if (!limits?.cpu || !limits.memory) problems.push(`${where}: no CPU and memory limits`);
  if (!/:[\w.-]+$/.test(container.image) || container.image.endsWith(':latest')) {
    problems.push(`${where}: image ${container.image} has no tag`);
  }
  const ports = new Set((container.ports ?? []).flatMap((p) => [p.name, p.containerPort]));
  for (const probe of [container.readinessProbe, container.livenessProbe]) {
    const port = probe?.httpGet?.port ?? probe?.tcpSocket?.port;
    if (port !== undefined && !ports.has(port))
      problems.push(`${where}: probe on unknown port ${port}`);
  }
  return problems;
}

function selects(selector: Record<string, string> | undefined, labels: Record<string, string>) {
  return Boolean(selector) && Object.entries(selector!).every(([k, v]) => labels[k] === v);
}

function coverageProblems(manifests: Manifest[]): string[] {
  const deployments = deploymentsOf(manifests);
  const problems: string[] = [];
  for (const deployment of deployments) {
    const labels = deployment.spec.template.metadata.labels;
    const budget = byKind(manifests, 'PodDisruptionBudget').some((pdb) =>
      selects(
        (pdb.spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels,
        labels,
      ),
    );
    if (!budget) problems.push(`Deployment ${deployment.metadata.name}: no PodDisruptionBudget`);
  }
  const scaled = byKind(manifests, 'HorizontalPodAutoscaler').map(
    (hpa) => (hpa.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name,
  );
  for (const name of AUTOSCALED) {
    if (!scaled.includes(name)) problems.push(`Deployment ${name}: no HorizontalPodAutoscaler`);
  }
  for (const name of scaled) {
    if (!deployments.some((d) => d.metadata.name === name))
      problems.push(`HPA ${name}: no such Deployment`);
  }
  for (const service of byKind(manifests, 'Service')) {
    const spec = service.spec as { type?: string; selector?: Record<string, string> };
    if (spec.type === 'ExternalName') continue;
    if (!deployments.some((d) => selects(spec.selector, d.spec.template.metadata.labels))) {
      problems.push(`Service ${service.metadata.name}: selects no Deployment`);
    }
  }
  return problems;
}

/** The gateway trusts X-Forwarded-For: only the Ingress may reach it, and it must carry the socket. */
function edgeProblems(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  const gateway = manifests.find((m) => m.kind === 'Service' && m.metadata.name === 'gateway');
  const type = (gateway?.spec as { type?: string } | undefined)?.type ?? 'ClusterIP';
  if (type !== 'ClusterIP') problems.push(`Service gateway: ${type} exposes it past the Ingress`);
  const paths = byKind(manifests, 'Ingress').flatMap((ingress) =>
    (
      ingress.spec as {
        rules: { http: { paths: { path: string; backend: { service: { name: string } } }[] } }[];
      }
    ).rules.flatMap((rule) => rule.http.paths),
  );
  if (!paths.some((p) => p.path === '/ws/user' && p.backend.service.name === 'gateway')) {
    problems.push('Ingress: does not carry the socket channel /ws/user to the gateway');
  }
  return problems;
}

/** Rules every Deployment and the set as a whole must follow; each problem names its object. */
export function manifestProblems(manifests: Manifest[]): string[] {
  const deployments = deploymentsOf(manifests);
  const engine = deployments.find((d) => d.metadata.name === 'engine');
  return [
    ...deployments.flatMap((d) =>
      d.spec.template.spec.containers.flatMap((c) => containerProblems(d, c)),
    ),
    ...deployments.flatMap((d) => drainProblems(d, manifests)),
    ...coverageProblems(manifests),
    ...edgeProblems(manifests),
    ...((engine?.spec.replicas ?? 1) < 2 ? ['Deployment engine: fewer than two replicas'] : []),
  ];
}

function drainProblems(deployment: Deployment, manifests: Manifest[]): string[] {
  const grace = deployment.spec.template.spec.terminationGracePeriodSeconds ?? 30;
  return deployment.spec.template.spec.containers.flatMap((container) =>
    drainsCutShort(containerEnv(container, manifests).env, grace).map(
      ([key]) => `Deployment ${deployment.metadata.name}: ${key} leaves no time in ${grace}s`,
    ),
  );
}

/** An overlay may only name what its base has, and must not fight the autoscalers over replicas. */
export function overlayProblems(overlay: Kustomization, base: Manifest[]): string[] {
  const images = new Set(
    deploymentsOf(base).flatMap((d) =>
      d.spec.template.spec.containers.map((c) => c.image.split(':')[0]),
    ),
  );
  const names = new Set(deploymentsOf(base).map((d) => d.metadata.name));
  const secrets = new Set(byKind(base, 'Secret').map((s) => s.metadata.name));
  return [
    ...(overlay.images ?? [])
      .filter((i) => !images.has(i.name))
      .map((i) => `image ${i.name}: not in the base`),
    ...(overlay.replicas ?? [])
      .filter((r) => !names.has(r.name))
      .map((r) => `replicas ${r.name}: no such Deployment`),
    ...(overlay.replicas ?? [])
      .filter((r) => AUTOSCALED.includes(r.name))
      .map((r) => `replicas ${r.name}: its autoscaler sets the replicas`),
    ...(overlay.secretGenerator ?? [])
      .filter((g) => g.behavior === 'replace' && !secrets.has(g.name))
      .map((g) => `secret ${g.name}: replaces nothing in the base`),
  ];
}
