export type {
  DeployOptions,
  DeployResource,
  IdentityLinkInput,
  QueryParams,
} from './client/camunda-rest-client';
export {
  CamundaRestClient,
  CamundaRestError,
  engineAuthInterceptor,
  engineAuthorization,
} from './client/camunda-rest-client';
export type { EngineCredentials, EngineCredentialsEnv } from './config/engine-credentials';
export {
  DEFAULT_ENGINE_USER,
  engineCredentialsFromEnv,
  generateEngineSecret,
  hasEngineSecret,
} from './config/engine-credentials';
export { EngineEnvError, loadEngineEnv } from './config/engine-env';
export type { MysqlOptions } from './db/engine-database';
export type { EmbeddedEngine, EngineOptions } from './engine';
export { createEngine } from './engine';
export type { EngineServer, EngineServerOptions } from './http/engine-server';
export { startEngineServer } from './http/engine-server';
export { formatCamundaDate, parseCamundaDate } from './rest/camunda-date';
export * from './rest/camunda-types';
