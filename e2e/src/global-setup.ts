import type { TestProject } from 'vitest/node';

import { startStack } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    socketPort: number;
    database: string;
    namespace: string;
    agentWorkerPid: number;
    engineRest: string;
    engineAuthorization: string;
  }
}

export default async function setup(project: TestProject) {
  const stack = await startStack();
  project.provide('baseUrl', stack.baseUrl);
  project.provide('socketPort', stack.socketPort);
  project.provide('database', stack.database);
  project.provide('namespace', stack.namespace);
  project.provide('agentWorkerPid', stack.agentWorkerPid);
  project.provide('engineRest', stack.engineRest);
  project.provide('engineAuthorization', stack.engineAuthorization);
  return () => stack.stop();
}
