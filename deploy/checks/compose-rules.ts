import { type ComposeFile, type ComposeService, durationSeconds, environmentOf } from './compose';
import { drainsCutShort, SHUTDOWN_MARGIN_SECONDS } from './shutdown';

/** What a rule reads: the file, and each service's process environment as compose would give it. */
export interface ComposeContext {
  compose: ComposeFile;
  processEnv: (name: string) => Record<string, string>;
}

type Rule = (name: string, service: ComposeService, context: ComposeContext) => string[];

/** The service that takes the platform's HTTP traffic; it must sit behind the proxy. */
export const GATEWAY = 'gateway';
/** Where the gateway keeps local storage (UPLOAD_DIR defaults to data/uploads under /app). */
export const GATEWAY_DATA_DIR = '/app/data';

const noRootDatabaseUser: Rule = (name, _service, { processEnv }) =>
  Object.entries(processEnv(name))
    .filter(([key, value]) => key.endsWith('DB_URL') && /^mysql:\/\//.test(value))
    .filter(([, value]) => decodeURIComponent(new URL(value).username) === 'root')
    .map(([key]) => `${name}: ${key} connects to MariaDB as root`);

const rootPasswordOnlyForMariadb: Rule = (name, service) =>
  name !== 'mariadb' && secretNames(service).includes('db_root_password')
    ? [`${name}: is given MariaDB's root password`]
    : [];

const taggedImage: Rule = (name, service) => {
  const image = service.image ?? '';
  const tag = image.includes(':') ? image.slice(image.lastIndexOf(':') + 1) : '';
  if (!image) return [`${name}: has no image name`];
  return !tag || tag === 'latest' || tag.includes('/')
    ? [`${name}: image ${image} has no tag`]
    : [];
};

const resourceLimits: Rule = (name, service) => {
  const limits = service.deploy?.resources?.limits;
  return limits?.cpus && limits.memory ? [] : [`${name}: no CPU and memory limits`];
};

const healthCheck: Rule = (name, service) =>
  service.healthcheck ? [] : [`${name}: has no health check`];

const healthyDependencies: Rule = (name, service, { compose }) => {
  const dependsOn = service.depends_on;
  if (!dependsOn) return [];
  if (Array.isArray(dependsOn)) return [`${name}: depends_on without health conditions`];
  return Object.entries(dependsOn).flatMap(([dependency, { condition } = {}]) => {
    if (condition === 'service_completed_successfully') return [];
    if (condition !== 'service_healthy') {
      return [`${name}: depends on ${dependency} without condition service_healthy`];
    }
    return compose.services[dependency]?.healthcheck
      ? []
      : [`${name}: waits for ${dependency} to be healthy, but it has no health check`];
  });
};

const gracePeriodAboveDrain: Rule = (name, service, { processEnv }) => {
  const grace = durationSeconds(service.stop_grace_period);
  return drainsCutShort(processEnv(name), grace).map(
    ([key, value]) =>
      `${name}: stop_grace_period ${grace}s leaves no time after ${key}=${value} (needs ${SHUTDOWN_MARGIN_SECONDS}s more)`,
  );
};

/** A service that trusts X-Forwarded-For must be reachable only through the proxy that sets it. */
const trustProxyOnlyBehindProxy: Rule = (name, service, { compose, processEnv }) => {
  if (processEnv(name).TRUST_PROXY !== 'true') return [];
  const problems = service.ports?.length
    ? [`${name}: trusts X-Forwarded-For (TRUST_PROXY) but publishes its port`]
    : [];
  const fronted = Object.values(compose.services).some(
    (other) => isNginx(other) && dependsOn(other, name),
  );
  return fronted
    ? problems
    : [...problems, `${name}: trusts X-Forwarded-For with no proxy in front`];
};

const SERVICE_RULES: Rule[] = [
  noRootDatabaseUser,
  rootPasswordOnlyForMariadb,
  taggedImage,
  resourceLimits,
  healthCheck,
  healthyDependencies,
  gracePeriodAboveDrain,
  trustProxyOnlyBehindProxy,
];

/** Rules of the gateway itself: no published port, local storage on a named volume. */
function gatewayProblems({ compose }: ComposeContext): string[] {
  const gateway = compose.services[GATEWAY];
  if (!gateway) return [`no ${GATEWAY} service`];
  const problems: string[] = [];
  if (gateway.ports?.length) problems.push(`${GATEWAY}: publishes its port (${gateway.ports})`);
  const dataVolume = (gateway.volumes ?? [])
    .map(volumeMount)
    .find((v) => v.target === GATEWAY_DATA_DIR);
  if (!dataVolume || !compose.volumes || !(dataVolume.source in compose.volumes)) {
    problems.push(`${GATEWAY}: ${GATEWAY_DATA_DIR} (uploads) is not on a named volume`);
  }
  return problems;
}

export function composeProblems(context: ComposeContext): string[] {
  const services = Object.entries(context.compose.services);
  return [
    ...gatewayProblems(context),
    ...services.flatMap(([name, service]) =>
      SERVICE_RULES.flatMap((rule) => rule(name, service, context)),
    ),
  ];
}

function secretNames(service: ComposeService): string[] {
  return (service.secrets ?? []).map((s) => (typeof s === 'string' ? s : s.source));
}

function volumeMount(volume: string | { target?: string; source?: string }): {
  source: string;
  target: string;
} {
  if (typeof volume !== 'string')
    return { source: volume.source ?? '', target: volume.target ?? '' };
  const [source = '', target = ''] = volume.split(':');
  return { source, target };
}

function isNginx(service: ComposeService): boolean {
  return /(^|\/)nginx:/.test(service.image ?? '');
}

function dependsOn(service: ComposeService, name: string): boolean {
  const dependencies = service.depends_on;
  return Array.isArray(dependencies) ? dependencies.includes(name) : Boolean(dependencies?.[name]);
}

/** The services' names whose environment (not env files) sets `variable`. */
export function servicesSetting(compose: ComposeFile, variable: string): string[] {
  return Object.entries(compose.services)
    .filter(([, service]) => variable in environmentOf(service))
    .map(([name]) => name);
}
