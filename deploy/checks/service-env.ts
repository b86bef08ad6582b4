import { randomBytes } from 'node:crypto';

import { loadAgentWorkerEnv } from '@platform/agent-worker/dist/config/env.js';
import { loadBillingEnv } from '@platform/billing/dist/config/env.js';
import { loadGatewayEnv } from '@platform/gateway/config';
import { loadIdentityEnv } from '@platform/identity/dist/config/env.js';
import { loadNotificationEnv } from '@platform/notification/dist/config/env.js';
import { loadWorkflowEnv } from '@platform/workflow/dist/config/env.js';

/**
 * Each service's own environment loader (the one its main calls at start), by the name the
 * deployment files give the service. A deployment is right for a service when its loader accepts what
 * the deployment gives it in production: every variable it reads is set or defaulted, and every
 * secret is present and strong.
 */
export const SERVICE_ENV_LOADERS: Record<string, (env: NodeJS.ProcessEnv) => unknown> = {
  identity: loadIdentityEnv,
  workflow: loadWorkflowEnv,
  billing: loadBillingEnv,
  notification: loadNotificationEnv,
  'agent-worker': loadAgentWorkerEnv,
  gateway: loadGatewayEnv,
};

/** The samples' marker of a value the operator must fill in (`CHANGE_ME_32_RANDOM_CHARACTERS`, `CHANGE-ME`). */
const PLACEHOLDER = /CHANGE[_-]ME[A-Z0-9_]*/g;

export function strongSecret(): string {
  return randomBytes(24).toString('hex');
}

/** A sample environment as the operator fills it in: every placeholder a strong random value. */
export function filledIn(env: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, value.replace(PLACEHOLDER, strongSecret)]),
  );
}

/** The loader's refusal of an environment, or undefined when it starts with it. */
export function envProblem(service: string, env: Record<string, string>): string | undefined {
  const load = SERVICE_ENV_LOADERS[service];
  if (!load) return `${service}: no environment loader known for it`;
  try {
    load({ ...env, NODE_ENV: env.NODE_ENV ?? 'production' });
    return undefined;
  } catch (error) {
    return `${service}: ${(error as Error).message.replace(/\n\s*/g, ' ')}`;
  }
}
