import { operatonMissing, startTestOperaton } from '@platform/test-support';

import { ENGINE_AUTH } from './world';

// The real Operaton (deploy/engine, the platform's engine) for the worker's tests, on a free
// loopback port with a database of its own and ENGINE_AUTH (@platform/test-support's launcher).

export { operatonMissing };

export async function startOperaton(): Promise<{ url: string; stop(): Promise<void> }> {
  return startTestOperaton({ databasePrefix: 't_operaton_agent', auth: ENGINE_AUTH });
}
