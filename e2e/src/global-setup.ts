import type { TestProject } from 'vitest/node';

import { startStack } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    socketPort: number;
    database: string;
    namespace: string;
    agentWorkerPid: number;
  }
}

export default async function setup(project: TestProject) {
  const stack = await startStack();
  project.provide('baseUrl', stack.baseUrl);
  project.provide('socketPort', stack.socketPort);
  project.provide('database', stack.database);
  project.provide('namespace', stack.namespace);
  project.provide('agentWorkerPid', stack.agentWorkerPid);
  return () => stack.stop();
}
