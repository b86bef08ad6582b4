import {
  type ServiceStarter,
  startStack as startKitStack,
  type TestStack,
} from '@platform/test-support';

import { loadGatewayEnv } from '../../src/config/env';
import { createGateway } from '../../src/main';

// The shared test kit, but the gateway's own tests run its sources rather than its build (the kit's
// default): a test then finds the very classes it imports (stack.app.get(ServiceClient)), and a
// change is tested without building first.
export * from '@platform/test-support';

export function startStack(
  services: ServiceStarter[],
  overrides: Record<string, string> = {},
): Promise<TestStack> {
  return startKitStack(services, overrides, {
    gateway: async (env) => createGateway(loadGatewayEnv(env)),
  });
}
