export * from './auth-helpers';
export * from './sse';
export * from './stack';
// A second gateway instance in a test (sockets held by another instance, fan-out across instances).
export { loadGatewayEnv } from '../config/env';
export { createGateway } from '../main';
